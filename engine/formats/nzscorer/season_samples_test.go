package nzscorer

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

// writeSamples rewrites testdata/season, an invented club's season in
// Scorer's XML:
//
//	go test ./engine/formats/nzscorer -run TestSeasonSamples -write-samples
var writeSamples = flag.Bool("write-samples", false, "rewrite testdata/season from the invented club")

// TestSeasonSamples checks that testdata/season is what the invented
// club gives, and that every file reads.
func TestSeasonSamples(t *testing.T) {
	files := []struct {
		name, date string
		write      func(s *nzSample) []byte
	}{
		{"2025-05-07.xml", "07/05/2025", func(s *nzSample) []byte { return []byte(s.xml(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")) }},
		{"2025-05-14.xml", "14/05/2025", func(s *nzSample) []byte { // Windows-1252, CRLF, no declaration
			t := strings.ReplaceAll(strings.NewReplacer("ē", "é", "ā", "á", "ō", "ó").Replace(s.xml("")), "\n", "\r\n")
			b, err := charmap.Windows1252.NewEncoder().String(t)
			if err != nil {
				panic(err)
			}
			return []byte(b)
		}},
		{"2025-05-21.xml", "21/05/2025", func(s *nzSample) []byte { return []byte(s.xml("")) }},
		{"2025-05-28.xml", "28/05/2025", func(s *nzSample) []byte {
			return []byte(s.xml(`<?xml version="1.0"?>` + "\n<!-- written by Scorer -->\n"))
		}},
	}
	for i, f := range files {
		s := makeNZ(uint64(40+i), 7, 3, false)
		s.date = f.date
		data := f.write(s)
		path := filepath.Join("testdata", "season", f.name)
		if *writeSamples {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
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
		if _, err := Read(f.name, bytes.NewReader(data)); err != nil {
			t.Errorf("%s: %v", f.name, err)
		}
	}
}
