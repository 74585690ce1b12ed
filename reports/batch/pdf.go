package batch

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// browsers are the names headless Chromium goes by; BRIDGEREPORT_CHROMIUM
// names another.
var browsers = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// FindBrowser finds headless Chromium for --pdf, or says how to get one.
func FindBrowser() (string, error) {
	if p := os.Getenv("BRIDGEREPORT_CHROMIUM"); p != "" {
		return exec.LookPath(p)
	}
	for _, name := range browsers {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("run --pdf: no Chromium found (looked for %s, or BRIDGEREPORT_CHROMIUM): install chromium, or leave out --pdf", strings.Join(browsers, ", "))
}

// PrintPDF prints a report's index.html in dir to dir/index.pdf through
// headless Chromium, with the report's print CSS: its title in the header
// and numbered pages.
func PrintPDF(ctx context.Context, browser, dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	out := filepath.Join(abs, "index.pdf")
	profile, err := os.MkdirTemp("", "bridgereport-chromium-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(profile)
	ctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+profile, "--no-pdf-header-footer", "--virtual-time-budget=10000",
		"--print-to-pdf="+out, "file://"+filepath.Join(abs, "index.html"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%s: printing to PDF with %s: %v %s", filepath.Join(dir, "index.pdf"), browser, err, lastLine(stderr.String()))
	}
	if fi, err := os.Stat(out); err != nil || fi.Size() == 0 {
		return "", fmt.Errorf("%s: %s wrote no PDF: %s", filepath.Join(dir, "index.pdf"), browser, lastLine(stderr.String()))
	}
	return filepath.Join(dir, "index.pdf"), nil
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return s
}
