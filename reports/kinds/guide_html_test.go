package kinds

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports/browser"
	"github.com/bridgereport/bridgereport/reports/browser/browsertest"
)

// TestCardsPrintInChromium prints the cards page to PDF in headless
// Chromium, on A4 and Letter, one and two table cards a page: the PDF has
// the pages the layout counts (nothing overflows), and every pair's route,
// round by round, is on its slip in the page Chromium laid out.
func TestCardsPrintInChromium(t *testing.T) {
	cases := []struct {
		spec     string
		perRound int
	}{
		{"howell:14,rounds=10,switch=r2t1+r3t7,absent=14", 2}, // half table: a sit-out each round, an unused position
		{"perfect:6", 4},  // split rounds: two board groups a round
		{"mitchell:7", 3}, // one group a round at every table
		// 13 pairs, the catalogue's recommendation: 14 A4 pages before two
		// table cards a page, one row a round and three slips across.
		{"perfect:14,absent=14", 2},
	}
	for _, c := range cases {
		for _, opts := range []CardsOptions{{Paper: PaperA4, TablesPerPage: 1}, {Paper: PaperLetter, TablesPerPage: 2},
			{Paper: PaperA4, Club: "Invented Bridge Club", Date: "28 Nov", Session: "Evening"}} {
			t.Run(fmt.Sprintf("%s/%s/%d", c.spec, opts.Paper, opts.TablesPerPage), func(t *testing.T) {
				if testing.Short() && opts.Paper == PaperLetter && c.spec != "perfect:6" {
					t.Skip("short")
				}
				t.Parallel()
				spec, err := movement.ParseSpec(c.spec)
				if err != nil {
					t.Fatal(err)
				}
				m, err := spec.Build()
				if err != nil {
					t.Fatal(err)
				}
				g, err := guide(context.Background(), c.spec, m, c.perRound)
				if err != nil {
					t.Fatal(err)
				}
				var page bytes.Buffer
				if err := g.WriteCardsHTML(&page, opts); err != nil {
					t.Fatal(err)
				}
				// One tab: the PDF and then the DOM of the page it printed.
				tab := browsertest.OpenHTML(t, page.String(), browser.View{})
				data, err := tab.PDF()
				if err != nil {
					t.Fatal(err)
				}
				pages := len(regexp.MustCompile(`/Type\s*/Page[^s]`).FindAll(data, -1))
				if want := g.CardsPages(opts); pages != want {
					t.Errorf("%d pages printed, the layout has %d", pages, want)
				}
				if c.spec == "perfect:14,absent=14" && opts.TablesPerPage == 0 && pages > 14/2 {
					t.Errorf("13 pairs on A4: %d pages, want at most half of the 14 it took", pages)
				}
				if opts.Club != "" && !strings.Contains(page.String(), "Invented Bridge Club · 28 Nov · Evening") {
					t.Error("the club, date and session are not on the cards")
				}
				// Page sizes in points: A4 is 595.3 × 841.9 (Chromium rounds its
				// width to whole pixels), Letter 612 × 792.
				wantSize := map[string]string{PaperA4: `MediaBox \[0 0 594\.9\d* 841\.9\d*\]`, PaperLetter: `MediaBox \[0 0 612 792\]`}[opts.Paper]
				if sizes := regexp.MustCompile(`MediaBox \[[^\]]*\]`).FindAll(data, -1); len(sizes) != pages ||
					len(regexp.MustCompile(wantSize).FindAll(data, -1)) != pages {
					t.Errorf("page sizes %q, want %s", sizes, wantSize)
				}
				dom, err := tab.DOM()
				if err != nil {
					t.Fatal(err)
				}
				checkRoutes(t, g, dom)
				checkSlipsFit(t, tab, opts.Paper)
			})
		}
	}
}

// checkSlipsFit: three slips side by side fit the paper's printable
// width, each at its narrowest (min-content). Wider, and Chromium shrinks
// every page to fit the widest: the slips were 248 px, three 746 px for
// A4's 703, and the whole PDF, table cards included, printed at 94%.
func checkSlipsFit(t *testing.T, tab *browser.Tab, paper string) {
	t.Helper()
	var widest float64
	script := `(() => { let w = 0; for (const s of document.querySelectorAll('.slip')) {
		const c = s.cloneNode(true); c.style.width = 'min-content'; c.style.position = 'absolute';
		document.body.appendChild(c); w = Math.max(w, c.getBoundingClientRect().width); c.remove(); } return w; })()`
	if err := tab.Eval(script, &widest); err != nil {
		t.Fatal(err)
	}
	w, _ := paperMM(paper)
	if room := (w - 2*marginMM) * 96 / 25.4 / slipsAcross; widest > room {
		t.Errorf("a slip is %.1f px at its narrowest, %d across leave %.1f px each on %s", widest, slipsAcross, room, paper)
	}
}

// checkRoutes: each pair's slip in the DOM holds its route, one row a
// round (or a group of a split round), and nothing else.
func checkRoutes(t *testing.T, g *GuideResult, dom string) {
	t.Helper()
	for _, card := range g.PairCards {
		start := strings.Index(dom, fmt.Sprintf(`id="pair-%d"`, card.Pair))
		if start < 0 {
			t.Errorf("pair %d: no slip", card.Pair)
			continue
		}
		slip := dom[start:]
		slip = slip[:strings.Index(slip, "</table>")]
		cells := regexp.MustCompile(`<td[^>]*>([^<]*)</td>`).FindAllStringSubmatch(slip, -1)
		var got []string
		for _, c := range cells {
			got = append(got, html.UnescapeString(c[1]))
		}
		var want []string
		for _, r := range card.Rounds {
			if r.SitsOut {
				want = append(want, fmt.Sprint(r.Round), "sits out")
				continue
			}
			// One row a round: a split round's sets joined.
			var dirs, boards []string
			for _, pg := range r.Groups {
				if !slices.Contains(dirs, pg.Direction) {
					dirs = append(dirs, pg.Direction)
				}
				boards = append(boards, pg.Boards)
			}
			want = append(want, fmt.Sprint(r.Round), fmt.Sprint(r.Table), strings.Join(dirs, "/"), fmt.Sprint(r.Opponent), strings.Join(boards, " + "))
		}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("pair %d: the slip reads\n %v\nwant\n %v", card.Pair, got, want)
		}
	}
}
