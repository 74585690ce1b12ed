package bridgemate

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

func TestRoundTrip(t *testing.T) {
	for _, c := range []struct {
		spec     string
		perRound int
	}{
		{"mitchell:7", 4}, {"mitchell:7,absent=14", 4}, {"howell:13,rounds=9", 3}, {"relay-mitchell:8", 3},
		{"perfect:14,absent=14", 2}, {"sections:howell:15,rounds=13/perfect:14,absent=14", 2},
		{"sections:mitchell:7/mitchell:7/boards=shared", 4}, {"mitchell:7,rover=2:2+3:4", 3},
		// Scored across: one scoring group, read back as across.
		{"sections:mitchell:7/mitchell:7/boards=shared,score=across", 4},
		// A mid-round arrow switch (pair 14's table): half rounds.
		{"perfect:14", 2}, {"sections:howell:15,rounds=13/perfect:14", 2},
	} {
		s, err := movement.ParseSpec(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.Build()
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := Write(&buf, m, WriteOptions{BoardsPerRound: c.perRound}); err != nil {
			t.Fatalf("%s: %v", c.spec, err)
		}
		_, split := movement.PlayingTables(m)
		sets, _ := movement.SetSizes(m, c.perRound)
		back, err := Read(bytes.NewReader(buf.Bytes()), ReadOptions{PerSet: sets, HalfRounds: HalfRoundSections(m)})
		if err != nil {
			t.Fatalf("%s: %v", c.spec, err)
		}
		if split == 1 && !back.Equal(m) || !back.EqualUpToGroups(m) {
			t.Errorf("%s: read back differs", c.spec)
		}
		if a, b := movement.ComputeBalance(back), movement.ComputeBalance(m); a.Qf != b.Qf {
			t.Errorf("%s: Qf %v read back, %v written", c.spec, a.Qf, b.Qf)
		}
		// Every round's boards are consecutive and sit-outs carry none.
		var secs []Section
		json.Unmarshal(buf.Bytes(), &secs)
		for _, sec := range secs {
			for _, tb := range sec.Tables {
				for _, rd := range tb.Rounds {
					if (rd.PairNS == 0 || rd.PairEW == 0) && rd.LowBoardNumber != 0 ||
						rd.PairNS > 0 && rd.PairEW > 0 && rd.HighBoardNumber-rd.LowBoardNumber+1 != c.perRound && split == 1 && !HalfRoundSections(m)[0] {
						t.Errorf("%s: %+v", c.spec, rd)
					}
				}
			}
		}
	}
}

// TestUpdate: the update from round 3 for a late pair's plan,
// applied to the movement as planned, gives the plan, and rounds 1 and 2
// are as written before.
// TestScoringGroups: the Data Connector scores the sections of one
// scoring group as one field, so sections scored apart are a group each
// (they were all group 1: ranked together) and a field scored across is
// one group.
func TestScoringGroups(t *testing.T) {
	for spec, want := range map[string][]int{
		"mitchell:7": {1},
		"sections:howell:15,rounds=10/howell:12,rounds=10":          {1, 2},
		"sections:mitchell:7/mitchell:7/boards=shared":              {1, 2},
		"sections:mitchell:7/mitchell:7/boards=shared,score=across": {1, 1},
		"sections:mitchell:7/mitchell:7/mitchell:7/boards=shared":   {1, 2, 3},
	} {
		s, err := movement.ParseSpec(spec)
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.Build()
		if err != nil {
			t.Fatal(err)
		}
		secs, err := Sections(m, WriteOptions{BoardsPerRound: 2})
		if err != nil {
			t.Fatal(err)
		}
		var got []int
		for _, sec := range secs {
			got = append(got, sec.ScoringGroupNumber)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: scoring groups %v, want %v", spec, got, want)
		}
	}
}

func TestUpdate(t *testing.T) {
	plan, _ := movement.ParseSpec("mitchell:7,rover=3:4+4:6+5:1+6:3+7:5")
	planned, _ := movement.Mitchell(7)
	played, err := plan.Build()
	if err != nil {
		t.Fatal(err)
	}
	secs, err := Sections(played, WriteOptions{BoardsPerRound: 3, FromRound: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range secs[0].Tables {
		if tb.Rounds[0].RoundNumber != 3 || len(tb.Rounds) != 5 {
			t.Errorf("table %d: rounds %d.., %d of them", tb.TableNumber, tb.Rounds[0].RoundNumber, len(tb.Rounds))
		}
	}
	got, err := ApplyUpdate(planned, secs, 3)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Equal(played) {
		t.Error("the update applied is not the plan")
	}
	for r := range 2 {
		for tt := range planned.Tables {
			if got.Schedule[r][tt] != planned.Schedule[r][tt] {
				t.Errorf("round %d table %d changed", r+1, tt+1)
			}
		}
	}
}

func TestErrors(t *testing.T) {
	m, _ := movement.Mitchell(5)
	if err := Write(&bytes.Buffer{}, m, WriteOptions{}); err == nil {
		t.Error("no boards a round accepted")
	}
	if err := Write(&bytes.Buffer{}, m, WriteOptions{BoardsPerRound: 2, SessionGuid: "abc"}); err == nil {
		t.Error("a bad guid accepted")
	}

	for text, want := range map[string]string{
		`[{"Letters":"A","Tables":[{"SectionLetters":"A","TableNumber":1,"Rounds":[{"SectionLetters":"A","TableNumber":1,"RoundNumber":1,"PairNS":1,"PairEW":0,"LowBoardNumber":1,"HighBoardNumber":2}]}]}]`: "boards only when both pairs play",
		`[{"Letters":"A","Tables":[{"SectionLetters":"A","TableNumber":2,"Rounds":[{"SectionLetters":"A","TableNumber":1,"RoundNumber":1}]}]}]`:                                                              "names section A, table 1",
		`[{"Letters":"A","Tablez":[]}]`:                                   `1:17: bridgemate: unknown key "Tablez"`,
		"[{\"Letters\":\"A\",\n \"Tables\": [ {\"x\": 1,}\n]}]":           `2:22: bridgemate: invalid character '}' looking for beginning of object key string`,
		"[{\"Letters\":\"A\",\n  \"Tables\": \"x\"}]":                     `2:13: bridgemate: Tables: a JSON string where a list is wanted`,
		"[{\"Letters\":\"A\",\n  \"Tables\": [{\"TableNumber\": 1e99}]}]": `2:30: bridgemate: Tables.TableNumber: a JSON number 1e99 where a whole number that fits 64 bits is wanted`,
		`{"Letters":"A"}`: "1:1: bridgemate: the file: a JSON object where a list is wanted",
		"[{\"Letters\":":  "1:13: bridgemate: the file ends inside a JSON value",
		"":                "bridgemate: empty: no JSON value",
		`[]`:              "no section",
	} {
		if _, err := Read(strings.NewReader(text), ReadOptions{}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", text, err, want)
		}
	}
}

// The reader never panics, and what it reads is a movement without errors.
func FuzzRead(f *testing.F) {
	m, _ := movement.Mitchell(3)
	var buf bytes.Buffer
	Write(&buf, m, WriteOptions{BoardsPerRound: 2})
	f.Add(buf.String(), 2)
	f.Add(`[{"Letters":"A","Tables":[{"SectionLetters":"A","TableNumber":1,"Rounds":[{"SectionLetters":"A","TableNumber":1,"RoundNumber":1,"PairNS":1,"PairEW":2,"LowBoardNumber":1,"HighBoardNumber":2}]}]}]`, 0)
	f.Fuzz(func(t *testing.T, text string, perSet int) {
		if perSet < 0 || perSet > 10 {
			return
		}
		var read ReadOptions
		if perSet > 0 {
			read.PerSet = []int{perSet}
		}
		if m, err := Read(strings.NewReader(text), read); err == nil {
			if errs, _ := m.Check(); len(errs) > 0 {
				t.Errorf("read a movement with errors: %v", errs)
			}
		}
	})
}
