package movement

import (
	"fmt"
	"slices"
	"testing"
)

func TestDescribe(t *testing.T) {
	cases := []struct {
		spec                     string
		library                  string // or a library movement
		tables, rounds, copies   int
		stationary, fields, most int
		field                    string // published precision: 4 decimals
		maxSitOut                int
	}{
		{spec: "mitchell:7", tables: 7, rounds: 7, copies: 1, stationary: 7, fields: 2, most: 1, field: "0.5385"},
		{spec: "mitchell:7,switch=2", tables: 7, rounds: 7, copies: 1, stationary: 7, fields: 1, most: 1, field: "0.5385"},
		{spec: "relay-mitchell:6", tables: 6, rounds: 6, copies: 2, stationary: 6, fields: 2, most: 1, field: "0.5455"},
		{spec: "skip-mitchell:8", tables: 8, rounds: 7, copies: 1, stationary: 8, fields: 2, most: 1, field: "0.4667"},
		{spec: "web-mitchell:10,sets=13", tables: 10, rounds: 13, copies: 2, stationary: 10, fields: 2, most: 2, field: "0.5263"},
		{spec: "mitchell:7,absent=14", tables: 7, rounds: 7, copies: 1, stationary: 7, fields: 2, most: 1, field: "0.5385", maxSitOut: 1},
		{spec: "howell:16", tables: 8, rounds: 15, copies: 1, stationary: 1, fields: 1, most: 1, field: "1.0000"},
		{library: "NBBR/NBB/N044_Mitchell_10", tables: 5, rounds: 5, copies: 1, stationary: 5, fields: 2, most: 1, field: "0.5556"},
		// The NS pairs of the rotating Mitchell change direction but not table.
		{library: "NBBR/NBB/N082_Draaiend_Mitchell_10", tables: 5, rounds: 5, copies: 1, stationary: 5, fields: 1, most: 1, field: "0.5556"},
		{library: "NBBR/NBB/N111_Mitchell_16", tables: 8, rounds: 8, copies: 2, stationary: 8, fields: 2, most: 1, field: "0.5333"},
		{library: "NBBR/NBB/N099_Aarzelend_Scheveningen_10", tables: 6, rounds: 6, copies: 1, stationary: 0, fields: 1, most: 1, field: "0.6667"},
		{library: "NBBR/7ronden/8p7rperfectH", tables: 4, rounds: 7, copies: 1, stationary: 1, fields: 1, most: 1, field: "1.0000"},
	}
	for _, c := range cases {
		name := c.spec + c.library
		t.Run(name, func(t *testing.T) {
			var m *Movement
			if c.library != "" {
				m = mustCorpus(t, c.library)
			} else {
				s, err := ParseSpec(c.spec)
				if err != nil {
					t.Fatal(err)
				}
				if m, err = s.Build(); err != nil {
					t.Fatal(err)
				}
			}
			f := Describe(m)
			got := fmt.Sprintf("tables %d rounds %d copies %d stationary %d fields %d most %d field %.4f sitout %d",
				f.Tables, f.Rounds, f.Copies, len(f.Stationary), f.Fields, f.MaxMeetings, f.Field, f.MaxSitOuts)
			want := fmt.Sprintf("tables %d rounds %d copies %d stationary %d fields %d most %d field %s sitout %d",
				c.tables, c.rounds, c.copies, c.stationary, c.fields, c.most, c.field, c.maxSitOut)
			if got != want {
				t.Errorf("\n got %s\nwant %s", got, want)
			}
			if !f.Uniform {
				t.Error("not uniform")
			}
		})
	}
}

func TestDescribeBoards(t *testing.T) {
	m, _ := WebMitchell(10, 13)
	f := Describe(m)
	if f.BoardsPlayed(2) != 26 || f.BoardsNeeded(2) != 52 {
		t.Errorf("played %d, needed %d; want 26 and 52", f.BoardsPlayed(2), f.BoardsNeeded(2))
	}
	h, _ := CompleteHowell(13)
	f = Describe(h)
	if f.BoardsPlayed(2) != 24 || !slices.Equal(f.SitOuts, slices.Repeat([]int{1}, 13)) {
		t.Errorf("13-pair Howell: played %d, sit-outs %v", f.BoardsPlayed(2), f.SitOuts)
	}
}
