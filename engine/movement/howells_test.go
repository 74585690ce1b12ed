package movement

import (
	"fmt"
	"testing"
)

func TestCompleteHowellProperties(t *testing.T) {
	for P := 4; P <= 25; P++ {
		name := fmt.Sprintf("howell %d pairs", P)
		t.Run(name, func(t *testing.T) {
			m, err := CompleteHowell(P)
			if err != nil {
				t.Fatal(err)
			}
			even := P + P%2
			if m.Pairs != P || m.Tables != even/2 || m.Rounds != even-1 {
				t.Fatalf("%d pairs, %d tables, %d rounds", m.Pairs, m.Tables, m.Rounds)
			}
			rounds := even - 1 - P%2 // an odd field: everyone sits out once
			met := checkPromise(t, name, m, promise{groupsPerPair: rounds})
			if len(met) != P*(P-1)/2 {
				t.Errorf("%d pairs of pairs meet, want all %d", len(met), P*(P-1)/2)
			}
			f := Describe(m)
			if f.Fields != 1 || f.Field != 1 || f.MaxMeetings != 1 {
				t.Errorf("facts %+v", f)
			}
			if want := P % 2; f.MaxSitOuts != want {
				t.Errorf("sit-outs %v, want %d each", f.SitOuts, want)
			}
		})
	}
}

func TestBestPhantom(t *testing.T) {
	// The TEAM 8-pair 6-round Howell: Qf1 of pair 8 is published as 71.74;
	// whatever pair BestPhantom picks leaves at least that.
	m := mustCorpus(t, "TeamPlusSchemas/8p6rH.TeamPlus.txt")
	v, err := ComputeVacancy(m)
	if err != nil {
		t.Fatal(err)
	}
	p, err := BestPhantom(m)
	if err != nil {
		t.Fatal(err)
	}
	if v.Qf1[p-1] != v.Max || v.Max < v.Qf1[7] {
		t.Errorf("phantom %d has Qf1 %.2f, best is %.2f", p, v.Qf1[p-1], v.Max)
	}
	// The superperfect Howell: every Qf1 is 100, so the highest pair is the phantom.
	if p, _ := BestPhantom(mustCorpus(t, "NBBR/7ronden/8p7rperfectH.txt")); p != 8 {
		t.Errorf("superperfect Howell: phantom %d, want 8 (ties go to the highest pair)", p)
	}
	half, absent, err := HalfTable(m)
	if err != nil || absent != p || half.Pairs != 7 {
		t.Fatalf("HalfTable: %d pairs, absent %d, %v", half.Pairs, absent, err)
	}
	if qf := ComputeBalance(half).Qf; qf != v.Qf1[p-1] {
		t.Errorf("half table Qf %.4f, Qf1(%d) %.4f", qf, p, v.Qf1[p-1])
	}
}

func TestHalfTableEveryFamily(t *testing.T) {
	for _, spec := range []string{"mitchell:7", "relay-mitchell:8", "skip-mitchell:8", "web-mitchell:10", "blackpool:5", "rover-mitchell:7", "appendix-mitchell:6", "hesitation-mitchell:7", "howell:14", "howell:13"} {
		t.Run(spec, func(t *testing.T) {
			s, err := ParseSpec(spec)
			if err != nil {
				t.Fatal(err)
			}
			full, err := s.Build()
			if err != nil {
				t.Fatal(err)
			}
			s.Phantom = true
			half, err := s.Build()
			if err != nil {
				t.Fatal(err)
			}
			if half.Pairs != full.Pairs-1 {
				t.Errorf("%d pairs, want %d", half.Pairs, full.Pairs-1)
			}
			f := Describe(half)
			if f.MaxSitOuts < 1 {
				t.Errorf("a half table with nobody sitting out: %v", f.SitOuts)
			}
			// When some pair misses a group (skip Mitchell, rover, an odd
			// Howell), the phantom's missing group is played once more
			// than the others; otherwise the half table stays uniform.
			want := true
			for _, n := range Describe(full).SitOuts {
				want = want && n == 0
			}
			want = want && s.Family != "skip-mitchell"
			if f.Uniform != want {
				t.Errorf("uniform %v, want %v", f.Uniform, want)
			}
			if errs, _ := half.Check(); len(errs) > 0 {
				t.Error(errs)
			}
		})
	}
}

// TestPublishedHowells: howell:4, howell:6 and howell:10 are the Dutch
// federation's published Howells of the library, table for table, with
// their published Qf; no complete Howell is a barometer beyond the two
// tables of 4 pairs, which cannot be otherwise.
func TestPublishedHowells(t *testing.T) {
	// The Qf each file is annotated with (Qf=100.00, 60.00, 83.33).
	for _, c := range []struct {
		pairs int
		file  string
		qf    string
	}{{4, "NBBR/NBB/N021_Howell_4", "100.00"}, {6, "NBBR/NBB/N022_Howell_6", "60.00"}, {10, "NBBR/NBB/N027_Howell_tafelkaart_10", "83.33"}} {
		m, err := CompleteHowell(c.pairs)
		if err != nil {
			t.Fatal(err)
		}
		if want := mustCorpus(t, c.file); !m.Equal(want) {
			t.Errorf("howell:%d is not %s", c.pairs, c.file)
		}
		if qf := fmt.Sprintf("%.2f", ComputeBalance(m).Qf); qf != c.qf {
			t.Errorf("howell:%d: Qf %s, %s is annotated Qf=%s", c.pairs, qf, c.file, c.qf)
		}
	}
	for P := 6; P <= 40; P++ {
		m, err := CompleteHowell(P)
		if err != nil {
			t.Fatal(err)
		}
		barometer := true
		for _, row := range m.Schedule {
			groups := map[int]bool{}
			for _, tb := range row {
				if !tb.Empty() {
					groups[tb.Group] = true
				}
			}
			barometer = barometer && len(groups) == 1
		}
		if barometer {
			t.Errorf("howell:%d is a barometer", P)
		}
	}
}
