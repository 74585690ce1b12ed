// Package browser drives one headless Chromium over the DevTools protocol
// (through chromedp): a page opened in a tab of its own, its DOM after its
// scripts ran, a script evaluated in it, the page printed to PDF. One
// browser serves every page of a run, so the launch of Chromium (seconds on
// a busy machine) is paid once, not once a page.
package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// names are the names headless Chromium goes by; BRIDGEREPORT_CHROMIUM
// names another.
var names = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// Find finds headless Chromium, or says how to get one.
func Find() (string, error) {
	if p := os.Getenv("BRIDGEREPORT_CHROMIUM"); p != "" {
		return exec.LookPath(p)
	}
	for _, name := range names {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("no Chromium found (looked for %s, or BRIDGEREPORT_CHROMIUM): install chromium", strings.Join(names, ", "))
}

// FileURL is the file:// address of a path.
func FileURL(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

// A Browser is one headless Chromium; its pages open in tabs of their own
// and may be used from several goroutines, one goroutine a tab.
type Browser struct {
	ctx    context.Context // the chromedp context that owns the process
	cancel context.CancelFunc
}

// Start launches the Chromium at path (from Find). The browser lives until
// Close or until ctx ends; on Linux the kernel also kills it when the
// program exits.
func Start(ctx context.Context, path string) (*Browser, error) {
	// The flags the command-line printing used (chromium --headless
	// --print-to-pdf), not chromedp's defaults: those hide scroll bars,
	// which makes the screen layout, and with it the charts' sizes, 15 px
	// wider than a reader's browser lays it out.
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox, // as root in a container Chromium has no sandbox to use
		chromedp.Flag("disable-gpu", true),
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	bctx, cancelBrowser := chromedp.NewContext(allocCtx)
	// The first action starts the process and binds it to bctx: no timeout
	// here, or the browser would end with it.
	if err := chromedp.Do(bctx); err != nil {
		cancelBrowser()
		cancelAlloc()
		return nil, fmt.Errorf("starting %s: %w", path, err)
	}
	return &Browser{ctx: bctx, cancel: func() { cancelBrowser(); cancelAlloc() }}, nil
}

// Context is the browser's chromedp context, for a caller that drives its
// own tabs with chromedp (the live pages' tests: workers, controls).
func (b *Browser) Context() context.Context { return b.ctx }

// Close ends the browser and removes its profile.
func (b *Browser) Close() {
	b.cancel()
}

// View is how a page is shown.
type View struct {
	// Width and Height set the viewport in CSS pixels (device-metrics
	// emulation, as narrow as a phone); zero keeps the browser's window.
	Width, Height int
	// HideScrollbars lays the page out without scroll bars, as
	// --hide-scrollbars does: the whole width is the page's.
	HideScrollbars bool
	// Budget is the virtual time the page's timers run once it loaded, as
	// Chromium's --virtual-time-budget: timers fire at once rather than in
	// real time, and none fires while the page still fetches. Zero waits
	// for the load event alone.
	Budget time.Duration
	// Timeout bounds each step (opening, DOM, PDF, script); zero is two
	// minutes.
	Timeout time.Duration
}

// A Tab is one page open in the browser.
type Tab struct {
	ctx     context.Context
	cancel  context.CancelFunc
	timeout time.Duration
}

// Open opens address in a new tab and waits until the page has loaded
// and, with a budget, until its timers have run.
func (b *Browser) Open(address string, v View) (*Tab, error) {
	tctx, cancel := chromedp.NewContext(b.ctx)
	t := &Tab{ctx: tctx, cancel: cancel, timeout: v.Timeout}
	if t.timeout == 0 {
		t.timeout = 2 * time.Minute
	}
	// The first action creates the tab and binds it to tctx (no timeout).
	if err := chromedp.Do(tctx); err != nil {
		cancel()
		return nil, fmt.Errorf("%s: opening a tab: %w", address, err)
	}
	err := t.do(func(ctx context.Context) error {
		if v.Width > 0 {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(v.Width), int64(v.Height))); err != nil {
				return err
			}
		}
		if v.HideScrollbars {
			if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
				_, err := cdp.Call(ctx, t, emulation.SetScrollbarsHidden, emulation.SetScrollbarsHiddenParams{Hidden: true})
				return err
			})); err != nil {
				return err
			}
		}
		if v.Budget <= 0 {
			return chromedp.Do(ctx, chromedp.Navigate(address))
		}
		return loadWithBudget(ctx, address, v.Budget)
	})
	if err != nil {
		cancel()
		return nil, fmt.Errorf("%s: %w", address, err)
	}
	return t, nil
}

// loadWithBudget loads address as --virtual-time-budget does: virtual time
// paused while the navigation starts, then let run for budget (never while
// a fetch is pending), and the page is ready when the budget is spent.
func loadWithBudget(ctx context.Context, address string, budget time.Duration) error {
	expired := make(chan struct{}, 1)
	lctx, stop := context.WithCancel(ctx)
	defer stop()
	if err := chromedp.Listen(lctx, func(ev any) {
		if _, ok := ev.(*emulation.EventVirtualTimeBudgetExpired); ok {
			select {
			case expired <- struct{}{}:
			default:
			}
		}
	}); err != nil {
		return err
	}
	ms := float64(budget.Milliseconds())
	err := chromedp.Do(ctx,
		policy(emulation.SetVirtualTimePolicyParams{Policy: emulation.VirtualTimePolicyPause}),
		navigate(address),
		policy(emulation.SetVirtualTimePolicyParams{Policy: emulation.VirtualTimePolicyPauseIfNetworkFetchesPending, Budget: &ms}),
	)
	if err != nil {
		return err
	}
	select {
	case <-expired:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("waiting for the virtual time budget: %w", ctx.Err())
	}
}

// navigate starts loading address without waiting for the load event,
// which paused virtual time would hold back.
func navigate(address string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		res, err := cdp.Call(ctx, t, page.Navigate, page.NavigateParams{URL: address})
		if err == nil && res.ErrorText != "" {
			err = errors.New(res.ErrorText)
		}
		return err
	})
}

func policy(p emulation.SetVirtualTimePolicyParams) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetVirtualTimePolicy, p)
		return err
	})
}

// do runs f with the tab's context bounded by its timeout.
func (t *Tab) do(f func(ctx context.Context) error) error {
	ctx, cancel := context.WithTimeout(t.ctx, t.timeout)
	defer cancel()
	err := f(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("no answer from Chromium in %v: %w", t.timeout, err)
	}
	return err
}

// DOM is the page as --dump-dom prints it: its doctype and the document
// after its scripts ran.
func (t *Tab) DOM() (string, error) {
	var dom string
	err := t.do(func(ctx context.Context) (err error) {
		dom, err = chromedp.Run(ctx, chromedp.Evaluate[string](
			`(document.doctype ? new XMLSerializer().serializeToString(document.doctype) + "\n" : "") + document.documentElement.outerHTML`))
		return err
	})
	return dom, err
}

// Eval evaluates a script in the page (the page's Content-Security-Policy
// does not apply to it) and decodes its JSON value into out.
func (t *Tab) Eval(script string, out any) error {
	var raw []byte
	err := t.do(func(ctx context.Context) (err error) {
		raw, err = chromedp.Run(ctx, chromedp.Evaluate[[]byte](script))
		return err
	})
	if err != nil {
		return err
	}
	return json.Unmarshal(raw, out)
}

// PDF prints the page as --print-to-pdf does with --no-pdf-header-footer:
// the page's own @page size and margins, its backgrounds, no header or
// footer of the browser's.
func (t *Tab) PDF() ([]byte, error) {
	var pdf []byte
	err := t.do(func(ctx context.Context) (err error) {
		pdf, err = chromedp.Run(ctx, chromedp.PrintToPDF(func(p *page.PrintToPDFParams) {
			yes, no := true, false
			p.PrintBackground, p.PreferCSSPageSize, p.DisplayHeaderFooter = &yes, &yes, &no
		}))
		return err
	})
	return pdf, err
}

// Close closes the tab.
func (t *Tab) Close() {
	t.cancel()
}
