package batch

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/bridgereport/bridgereport/reports/browser"
	"github.com/bridgereport/bridgereport/reports/disk"
)

// A Printer prints reports to PDF through one headless Chromium, started
// at the first report and shared by the rest of the run: a launch costs
// seconds, a page a fraction of one.
type Printer struct {
	path string // the Chromium, from browser.Find

	mu      sync.Mutex
	browser *browser.Browser
}

// NewPrinter prints with the Chromium at path (from browser.Find).
func NewPrinter(path string) *Printer {
	return &Printer{path: path}
}

// PrintPDF prints a report's index.html in dir to dir/index.pdf, with the
// report's print CSS: its title in the header and numbered pages. The PDF
// is written whole or not at all.
func (p *Printer) PrintPDF(ctx context.Context, dir string) (string, error) {
	out := filepath.Join(dir, "index.pdf")
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	b, err := p.start(ctx)
	if err != nil {
		return "", fmt.Errorf("%s: %v", out, err)
	}
	tab, err := b.Open(browser.FileURL(filepath.Join(abs, "index.html")), browser.View{Budget: 10 * time.Second, Timeout: 3 * time.Minute})
	if err != nil {
		return "", fmt.Errorf("%s: printing to PDF: %v", out, err)
	}
	defer tab.Close()
	pdf, err := tab.PDF()
	if err != nil {
		return "", fmt.Errorf("%s: printing to PDF: %v", out, err)
	}
	if len(pdf) == 0 {
		return "", fmt.Errorf("%s: Chromium printed an empty PDF", out)
	}
	if err := disk.WriteFileAtomic(filepath.Join(abs, "index.pdf"), pdf); err != nil {
		return "", err
	}
	return out, nil
}

// start launches the browser at the first report; it lives as long as ctx
// or until Close.
func (p *Printer) start(ctx context.Context) (*browser.Browser, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.browser == nil {
		b, err := browser.Start(ctx, p.path)
		if err != nil {
			return nil, err
		}
		p.browser = b
	}
	return p.browser, nil
}

// Close ends the browser, if a report started it.
func (p *Printer) Close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.browser != nil {
		p.browser.Close()
		p.browser = nil
	}
}
