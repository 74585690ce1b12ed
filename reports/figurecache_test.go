package reports

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestCheckSVG(t *testing.T) {
	for _, bad := range []string{
		`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
		`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>`,
		`<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>`,
		`<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div/></foreignObject></svg>`,
		`<html><script>alert(1)</script></html>`,
		`<svg><unclosed></svg>`,
		``,
	} {
		if err := CheckSVG([]byte(bad)); err == nil {
			t.Errorf("CheckSVG accepted %q", bad)
		}
	}
	if err := CheckSVG([]byte(`<svg xmlns="http://www.w3.org/2000/svg"><text>onload=&lt;script&gt;</text></svg>`)); err != nil {
		t.Errorf("a plain drawing refused: %v", err)
	}
}

// TestFigureCacheChecksItself draws figures into a cache, tampers with every
// entry, and checks that the next render redraws them: the Markdown and the
// figures equal a clean render's.
func TestFigureCacheChecksItself(t *testing.T) {
	res := figuresReport()
	clean := NewRenderer()
	var want bytes.Buffer
	wantFigs, err := clean.Markdown(&want, res)
	if err != nil {
		t.Fatal(err)
	}
	for _, tamper := range []struct {
		name string
		data string
	}{
		{"script", `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`},
		{"edited", "<svg/>"},
		{"garbage", "\x00\x01"},
		{"empty", ""},
	} {
		t.Run(tamper.name, func(t *testing.T) {
			rd := NewRenderer()
			rd.CacheDir = t.TempDir()
			if _, err := rd.Markdown(new(bytes.Buffer), res); err != nil {
				t.Fatal(err)
			}
			if _, cached, err := rd.markdown(new(bytes.Buffer), res); err != nil || cached != len(wantFigs) {
				t.Fatalf("a warm render took %d of %d figures from the cache (%v)", cached, len(wantFigs), err)
			}
			entries, _ := filepath.Glob(filepath.Join(rd.CacheDir, res.Name, "figures", "*.svg"))
			if len(entries) == 0 {
				t.Fatal("nothing cached")
			}
			for _, p := range entries {
				os.WriteFile(p, []byte(tamper.data), 0o644)
			}
			var got bytes.Buffer
			figs, cached, err := rd.markdown(&got, res)
			if err != nil {
				t.Fatal(err)
			}
			if cached != 0 {
				t.Errorf("%d tampered figures taken from the cache", cached)
			}
			if got.String() != want.String() {
				t.Error("the Markdown differs from a clean render")
			}
			for name, svg := range wantFigs {
				if !bytes.Equal(figs[name], svg) {
					t.Errorf("%s differs from a clean render", name)
				}
			}
		})
	}
}
