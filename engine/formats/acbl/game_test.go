package acbl

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/scoring"
	"github.com/bridgereport/bridgereport/engine/session"
)

// blob writes an invented game file in the layout the reader reads: the
// test's own writer, record by record.
type blob struct{ b []byte }

func (w *blob) alloc(n int) int { off := len(w.b); w.b = append(w.b, make([]byte, n)...); return off }
func (w *blob) u8(off, v int)   { w.b[off] = byte(v) }
func (w *blob) u16(off, v int)  { binary.LittleEndian.PutUint16(w.b[off:], uint16(v)) }
func (w *blob) u32(off, v int)  { binary.LittleEndian.PutUint32(w.b[off:], uint32(v)) }
func (w *blob) str(off, size int, s string) {
	b := []byte(s)[:min(len(s), size)]
	w.b[off] = byte(len(b))
	copy(w.b[off+1:], b)
}

type gameOptions struct {
	version     int // × 100
	detailsSize int // what the section details declare (0: 802)
	scoring     int // the event's scoring method (0: matchpoints)
	phantom     int // an NS pair number seated as a phantom (in the sections that lack it)
}

// writeGame writes a sample session as an ACBLscore game file.
func writeGame(s *sampleSession, o gameOptions) []byte {
	w := &blob{}
	w.alloc(masterSize)
	w.u16(0, masterSize-2)
	w.str(2, 3, "AC3")
	w.u16(versionAt, o.version)
	ev := w.alloc(0x300)
	w.u32(eventPointers, ev)
	w.u8(eventScorings, o.scoring)
	w.u16(ev, 0x2fe)
	w.str(ev+0x4, 25, s.event)
	w.str(ev+0x48, 19, s.date)
	w.str(ev+0x5c, 25, s.club)
	w.u8(ev+0x9e, 3)
	for i, l := range "ABC" {
		w.u8(ev+0xd4+95*i+0x22, int(l))
	}
	for si, sec := range s.sections() {
		sum := sectionSummaries + summarySize*si
		w.u8(sum, 1)
		w.str(sum+1, 2, sec)
		det := w.alloc(2 + sectionDetailsSize)
		w.u32(sum+4, det)
		size := o.detailsSize
		if size == 0 {
			size = sectionDetailsSize
		}
		w.u16(det, size)
		tables := 0
		for _, p := range s.pairs {
			if p.section == sec {
				tables = max(tables, p.number)
			}
		}
		w.u16(det+0x1b, tables)
		w.u16(det+0x19, s.boards[sec])
		w.u16(det+0x1e, int(s.topOf(sec)))
		w.str(det+0x37, 11, "MITCHELL")
		w.u16(det+0x48, tables)
		for j, dir := range []string{"NS", "EW"} {
			idx := w.alloc(0x14 + 8*tables)
			w.u32(det+4+4*j, idx)
			w.u16(idx+2, j+1)
			w.u16(idx+4, 2)
			w.u8(idx+6, tables)
			for n := 1; n <= tables; n++ {
				w.u8(det+0xdd+0xa0+4*(n-1)+j, n) // pair n starts at table n
				p := s.pair(sec, dir, n)
				e := w.alloc(2 + entrySize + 2*playerSize)
				if p == nil { // the phantom: an empty entry
					w.u32(idx+0x10+8*n, e)
					w.u16(e, entrySize+2*playerSize)
					continue
				}
				w.u32(idx+0x10+8*n, e)
				w.u16(e, entrySize+2*playerSize)
				w.u32(e+0x0c, int(math.Round(p.total*100)))
				w.u16(e+0x1c, int(math.Round(p.pct*100)))
				w.u8(e+0x1e, 1)
				low, high := p.rank, p.rank
				if a, b, ok := strings.Cut(p.rank, "/"); ok {
					low, high = a, b
				}
				var lo, hi int
				fmt.Sscan(low, &lo)
				fmt.Sscan(high, &hi)
				w.u16(e+0x5e, lo)
				w.u16(e+0x60, hi)
				if lo <= 2 {
					w.u16(e+0x40, 120-40*(lo-1))
					w.u8(e+0x42, 1)
					w.u8(e+0x43, 1)
				}
				for k, name := range p.names {
					at := e + 0xa4 + playerSize*k
					f := strings.Fields(name)
					w.str(at, 16, f[len(f)-1])
					w.str(at+0x11, 16, strings.Join(f[:len(f)-1], " "))
					id := fmt.Sprintf("J%03d%s%d", n, dir[:1], k)
					if k < len(p.ids) {
						id = p.ids[k]
					}
					w.str(at+0x36, 7, id)
				}
			}
		}
		if o.phantom > 0 && s.pair(sec, "NS", o.phantom) == nil {
			w.b[det+0x43] = byte(o.phantom)
		}
		bi := w.alloc(0x26 + 8*s.boards[sec])
		w.u32(sum+8, bi)
		w.u16(bi+4, s.boards[sec])
		for b := 1; b <= s.boards[sec]; b++ {
			var ls []*sampleLine
			for _, l := range s.lines {
				if l.section == sec && l.board == b {
					ls = append(ls, l)
				}
			}
			slots := len(ls) + 1 // and a slot for a round the board is not in play
			res := w.alloc(6 + resultSize*slots)
			w.u16(res, 4+resultSize*slots)
			w.u16(res+2, b)
			w.u8(res+4, 2)
			w.u8(res+5, slots)
			at := bi + 0x26 + 8*(b-1)
			w.u8(at, b)
			w.u16(at+2, len(ls))
			w.u32(at+4, res)
			w.u16(res+6+4, scoreNotInPlay)
			for k, l := range ls {
				r := res + 6 + resultSize*(k+1)
				w.u8(r, l.round)
				w.u8(r+1, l.table)
				w.u16(r+2, l.ns)
				w.u16(r+10, l.ew)
				code := func(art string, score int) int {
					switch art {
					case "AVE+":
						return scoreAvePlus
					case "AVE":
						return scoreAve
					case "AVE-":
						return scoreAveMinus
					}
					return score / 10
				}
				w.u16(r+4, code(l.art, l.score))
				w.u16(r+12, code(l.ewArt, -l.score))
				w.u32(r+6, int(math.Round(l.nsMP*100)))
				w.u32(r+14, int(math.Round(l.ewMP*100)))
			}
		}
	}
	w.u32(6, len(w.b))
	return w.b
}

func TestGamePercentagesAgreeWithTheOracle(t *testing.T) {
	agree, total := 0, 0
	for i, version := range []int{776, 793, 800, 814} {
		seed := uint64(20 + i)
		sample := makeSample(seed, twoSections, 3, i%2 == 1)
		data := writeGame(sample, gameOptions{version: version})
		s, err := ReadGame("190304.ACA", bytes.NewReader(data))
		if err != nil {
			t.Fatalf("version %d: %v", version, err)
		}
		if want := fmt.Sprintf("acblscore game %d.%02d", version/100, version%100); s.Format != want || s.Club != sample.club || s.Date != sample.date || s.Movement != "MITCHELL" {
			t.Errorf("header: format %q, club %q, date %q, movement %q", s.Format, s.Club, s.Date, s.Movement)
		}
		if len(s.Warnings) > 0 {
			t.Errorf("version %d: warnings %v", version, s.Warnings)
		}
		a, n, an := agreement(t, s, sample)
		agree, total = agree+a, total+n
		for _, m := range an.Movement {
			if m.RoundsFrom != "file" {
				t.Errorf("version %d, section %s: rounds %s, want from the file", version, m.Section, m.RoundsFrom)
			}
		}
		p := s.Pairs[0]
		if len(p.Names) != 2 || p.PlayerIDs[0] != "J001N0" || p.Strat != "A" {
			t.Errorf("pair A1 NS read as %+v", p)
		}
	}
	if agree != total || total != 4*24 {
		t.Errorf("%d of %d pairs agree", agree, total)
	}
}

func TestGameDetails(t *testing.T) {
	sample := makeSample(5, twoSections[:1], 3, false)
	sample.phantom("A", "NS", 7)
	data := writeGame(sample, gameOptions{version: 800, detailsSize: 770, phantom: 7})
	s, err := ReadGame("x.ACA", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, w := range s.Warnings {
		kinds[w.Kind]++
	}
	if kinds["version"] != 1 {
		t.Errorf("a section details record of another size: warnings %v", s.Warnings)
	}
	for _, p := range s.Pairs {
		if p.Direction == "NS" && p.Number == 7 {
			t.Errorf("the phantom NS 7 is listed as a pair")
		}
	}
	arts := 0
	for _, b := range s.Boards {
		for _, l := range b.Lines {
			if l.Round == 0 || l.Table == 0 {
				t.Fatalf("board %d: a result without its round and table", b.Number)
			}
			if l.Artificial != nil {
				arts++
				if l.Artificial.NS+l.Artificial.EW != 100 {
					t.Errorf("artificial %+v", l.Artificial)
				}
			}
		}
	}
	if want := sample.artificials(); arts != want {
		t.Errorf("%d artificial scores, want %d", arts, want)
	}
	if agree, n, _ := agreement(t, s, sample); agree != n || n != 13 {
		t.Errorf("with a phantom, %d of %d pairs agree", agree, n)
	}
	for _, p := range s.Pairs {
		if p.Place == "1" && (len(p.Awards) != 1 || p.Awards[0] != (scoring.Award{Points: 1.2, Colour: "black", Reason: "A"})) {
			t.Errorf("the winner's award read as %+v", p.Awards)
		}
	}
}

func TestGameErrors(t *testing.T) {
	sample := makeSample(6, twoSections[:1], 0, false)
	good := writeGame(sample, gameOptions{version: 800})
	imps := writeGame(sample, gameOptions{version: 800, scoring: 3})
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"text", []byte("Scores after 24 boards"), "not an ACBLscore game file"},
		{"master table cut", good[:600], "inside the 2580-byte master table"},
		{"records cut", good[:len(good)*2/3], "past the end of the file"},
		{"IMPs", imps, "no matchpointed pairs event: event(s) 1 (IMPs)"},
	} {
		_, err := ReadGame("g.ACA", bytes.NewReader(c.data))
		var pe *engine.ParseError
		if !errors.As(err, &pe) || pe.File != "g.ACA" || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q naming g.ACA", c.name, err, c.want)
		}
	}
}

func FuzzReadGame(f *testing.F) {
	sample := makeSample(1, twoSections[:1], 2, true)
	f.Add(writeGame(sample, gameOptions{version: 800}))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := ReadGame("f.ACA", bytes.NewReader(data))
		var pe *engine.ParseError
		if err != nil && (!errors.As(err, &pe) || pe.File != "f.ACA") {
			t.Fatalf("error %v is not a ParseError naming the file", err)
		}
	})
}

// A figure of a game file the recomputation does not reproduce is named
// by its record's offset, a game file having no lines.
func TestGameDisagreementNamesTheRecord(t *testing.T) {
	sample := makeSample(9, twoSections[:1], 1, false)
	s, err := ReadGame("g.ACA", bytes.NewReader(writeGame(sample, gameOptions{version: 800})))
	if err != nil {
		t.Fatal(err)
	}
	s.Pairs[2].Percent += 1
	s.Boards[4].Lines[1].NSMP += 0.5
	a, err := session.Analyse(context.Background(), s, session.Settings{NoLuck: true})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	for _, d := range a.Disagreements {
		kinds[d.Kind] = true
		if !strings.HasPrefix(d.Record, "offset 0x") || d.Line != 0 {
			t.Errorf("disagreement %+v: want it named by its record", d)
		}
	}
	if !kinds["percent"] || !kinds["matchpoints"] {
		t.Errorf("disagreements %+v", a.Disagreements)
	}
}
