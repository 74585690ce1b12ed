package acbl

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

// writeSamples rewrites the ACBL season study's files from the invented
// club below:
//
//	go test ./engine/formats/acbl -run TestSeasonSamples -write-samples
var writeSamples = flag.Bool("write-samples", false, "rewrite studies/acbl-season/results from the invented club")

const samplesDir = "../../../studies/acbl-season/results"

// The Maple Grove Bridge Club is invented, and so are its members and
// their ACBL numbers; strength tilts a partnership's results.
var roster = []struct {
	a, b     string
	strength float64
}{
	{"Harriet Okafor", "Walter Brandt", 0.25}, {"Lucille Fontaine", "Desmond Achebe", 0.15}, {"Marguerite Lindahl", "Orville Tanaka", 0.1},
	{"Beatrix Molloy", "Clement Osei", 0.05}, {"Philippa Dorsey", "Ambrose Kettering", 0.0}, {"Winifred Szabo", "Leopold Garza", -0.05},
	{"Eugenia Pruitt", "Thaddeus Mbeki", 0.2}, {"Cornelia Vasquez", "Rupert Halvorsen", -0.1}, {"Gertrude Nakashima", "Barnaby Quist", 0.0},
	{"Henrietta Oyelaran", "Ignatius Whitlock", -0.15}, {"Millicent Årud", "Percival Doyle", 0.1}, {"Rosamund Kealoha", "Fitzgerald Novak", -0.2},
	{"Temperance Ibarra", "Lazarus Penhaligon", 0.05}, {"Ottilie Brennan", "Cornelius Nwosu", -0.05}, {"Araminta Solberg", "Horatio Delacroix", 0.15},
	{"Clementine Haddad", "Bartholomew Yoon", -0.1}, {"Prudence Oduya", "Montgomery Fischer", 0.0}, {"Seraphina Lowell", "Augustus Ferreira", -0.25},
	{"Imogen Castellano", "Reginald Mwangi", 0.05}, {"Dorothea Kwiatek", "Sylvester Quaid", -0.05}, {"Evangeline Moreau", "Octavius Bell", 0.1},
	{"Florence Adebayo", "Ulysses Grünwald", -0.15}, {"Genevieve Torvald", "Maximilian Ocampo", 0.0}, {"Hortense Dunleavy", "Neville Ashby", -0.1},
	{"Isadora Kinsella", "Peregrine Holt", 0.05}, {"Josephine Rahal", "Quentin Marlowe", -0.05},
}

// seasonFile is one session of the season and how its file is written.
type seasonFile struct {
	file, date string
	plans      []sectionPlan
	write      func(s *sampleSession) []byte
	phantom    bool // section B's NS 5 is a phantom
	notPlayed  bool
	nameless   bool // a pair whose names the director did not enter
}

func plainText(s *sampleSession, body string) []byte {
	return []byte(s.header() + s.rankings() + body)
}

var seasonFiles = []seasonFile{
	{file: "2025-03-04.txt", date: "March 4, 2025", plans: []sectionPlan{{"A", 7, 2}, {"B", 5, 3}},
		write: func(s *sampleSession) []byte { return plainText(s, s.travellers()) }},
	{file: "2025-03-11.txt", date: "March 11, 2025", plans: []sectionPlan{{"A", 9, 2}}, nameless: true,
		write: func(s *sampleSession) []byte { // a recap per pair, the whole report printed twice
			t := plainText(s, s.recaps())
			return append(append(t, '\f', '\n'), t...)
		}},
	{file: "2025-03-18.htm", date: "March 18, 2025", plans: []sectionPlan{{"A", 7, 3}},
		write: func(s *sampleSession) []byte { // ACBLscore's HTML, in its Windows code page, CRLF
			t := "<HTML><HEAD><TITLE>Maple Grove</TITLE></HEAD><BODY><PRE>\r\n" +
				strings.ReplaceAll(string(plainText(s, s.travellers())), "\n", "\r\n") + "</PRE></BODY></HTML>\r\n"
			b, err := charmap.Windows1252.NewEncoder().String(t)
			if err != nil {
				panic(err)
			}
			return []byte(b)
		}},
	{file: "2025-03-25.ACA", date: "March 25, 2025", plans: []sectionPlan{{"A", 7, 2}, {"B", 5, 3}}, phantom: true,
		write: func(s *sampleSession) []byte { return writeGame(s, gameOptions{version: 800, phantom: 5}) }},
	{file: "2025-04-01.txt", date: "April 1, 2025", plans: []sectionPlan{{"A", 9, 2}}, notPlayed: true,
		write: func(s *sampleSession) []byte { // NUL bytes a transfer left, line ends of three kinds
			var b bytes.Buffer
			for i, l := range strings.Split(string(plainText(s, s.travellers())), "\n") {
				b.WriteString(l)
				if i%17 == 5 {
					b.WriteByte(0)
				}
				b.WriteString([]string{"\r\n", "\n", "\r"}[i%3])
			}
			return b.Bytes()
		}},
	{file: "2025-04-08.ACA", date: "April 8, 2025", plans: []sectionPlan{{"A", 9, 2}},
		write: func(s *sampleSession) []byte { return writeGame(s, gameOptions{version: 793}) }},
	{file: "2025-04-15.txt", date: "April 15, 2025", plans: []sectionPlan{{"A", 7, 2}},
		write: func(s *sampleSession) []byte { // cut off two thirds through its travellers
			head := string(s.header() + s.rankings())
			body := s.travellers()
			return []byte(head + body[:len(body)*2/3])
		}},
}

// seasonSample builds one session of the season: the roster's
// partnerships drawn into its sections, results tilted by their strength.
func seasonSample(i int, f seasonFile) *sampleSession {
	rng := rand.New(rand.NewPCG(uint64(100+i), 3))
	order := rng.Perm(len(roster))
	type seat struct {
		section, dir string
		n            int
	}
	who := map[seat]int{}
	k := 0
	for _, pl := range f.plans {
		for _, dir := range []string{"NS", "EW"} {
			for n := 1; n <= pl.tables; n++ {
				who[seat{pl.name, dir, n}] = order[k%len(order)]
				k++
			}
		}
	}
	strength := func(section, dir string, n int) float64 { return roster[who[seat{section, dir, n}]].strength }
	s := makeSampleOf(uint64(200+i), f.plans, 2+i%3, f.notPlayed, strength)
	s.date = f.date
	for _, p := range s.pairs {
		r := who[seat{p.section, p.dir, p.number}]
		p.names = []string{roster[r].a, roster[r].b}
		p.ids = []string{fmt.Sprintf("N%06d", 2*r+101), fmt.Sprintf("N%06d", 2*r+102)}
	}
	if f.nameless {
		s.pairs[3].names = nil
	}
	if f.phantom {
		s.phantom("B", "NS", 5)
	}
	return s
}

// TestSeasonSamples checks that the study's files are what the invented
// club gives (or rewrites them with -write-samples), and that each reads
// with the percentages its recap prints.
func TestSeasonSamples(t *testing.T) {
	if *writeSamples {
		if err := os.MkdirAll(samplesDir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(samplesDir, "notice.txt"), []byte("Maple Grove Bridge Club\r\nNo game on Good Friday, April 18: the hall is let.\r\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i, f := range seasonFiles {
		s := seasonSample(i, f)
		data := f.write(s)
		path := filepath.Join(samplesDir, f.file)
		if *writeSamples {
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (write the samples with -write-samples)", err)
		}
		if !bytes.Equal(got, data) {
			t.Errorf("%s is not what the invented club gives: rewrite it with -write-samples", path)
		}
		var read func() error
		switch {
		case strings.HasSuffix(f.file, ".ACA"):
			read = func() error { _, err := ReadGame(f.file, bytes.NewReader(data)); return err }
		default:
			read = func() error { _, err := ReadRecap(f.file, bytes.NewReader(data)); return err }
		}
		if err := read(); err != nil {
			t.Errorf("%s: %v", f.file, err)
		}
	}
}
