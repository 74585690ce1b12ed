package preview

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

func newBuilt(t *testing.T, text string, opt Options) *Server {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "s.yaml")
	os.WriteFile(path, []byte(text), 0o644)
	srv, err := New(path, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	if err := srv.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	return srv
}

// TestPreviewAnswersOnlyItself checks the Host rule, the methods and the
// security headers.
func TestPreviewAnswersOnlyItself(t *testing.T) {
	srv := newBuilt(t, studyText, Options{})
	ln, err := srv.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: srv}
	go hs.Serve(ln)
	defer hs.Close()
	port := ln.Addr().String()[strings.LastIndex(ln.Addr().String(), ":"):]
	url := "http://" + ln.Addr().String() + "/"
	cases := []struct {
		method, host string
		want         int
	}{
		{"GET", "", 200},
		{"HEAD", "", 200},
		{"GET", "localhost" + port, 200},
		{"GET", "evil.example" + port, http.StatusMisdirectedRequest},
		{"GET", "evil.example", http.StatusMisdirectedRequest},
		{"GET", "localhost:1", http.StatusMisdirectedRequest},
		{"POST", "", http.StatusMethodNotAllowed},
		{"DELETE", "", http.StatusMethodNotAllowed},
		{"PUT", "", http.StatusMethodNotAllowed},
	}
	for _, c := range cases {
		t.Run(c.method+" "+c.host, func(t *testing.T) {
			req, _ := http.NewRequest(c.method, url, nil)
			if c.host != "" {
				req.Host = c.host
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != c.want {
				t.Errorf("status %d, want %d", resp.StatusCode, c.want)
			}
			for k, v := range map[string]string{"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY"} {
				if got := resp.Header.Get(k); got != v {
					t.Errorf("%s: %q, want %q", k, got, v)
				}
			}
			if !strings.Contains(resp.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
				t.Errorf("CSP header %q", resp.Header.Get("Content-Security-Policy"))
			}
			if c.want != 200 && strings.Contains(string(body), "First title") {
				t.Error("a refused request got the page")
			}
		})
	}
}

// TestPreviewPageAllowsItsReloadScript: the page's meta CSP allows the
// reload script by its hash and the event stream it connects to.
func TestPreviewPageAllowsItsReloadScript(t *testing.T) {
	srv := newBuilt(t, studyText, Options{})
	ts := httptest.NewServer(srv)
	defer ts.Close()
	page := get(t, ts.URL+"/")
	m := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]*)">`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no CSP in the page")
	}
	csp := strings.ReplaceAll(m[1], "&#39;", "'")
	if !strings.Contains(csp, reloadHash) || !strings.Contains(csp, "connect-src 'self'") {
		t.Errorf("the CSP %q does not allow the reload script", csp)
	}
}

// TestPreviewKeepsToTheStudyFolder: a study that names a file outside its
// folder gets an error page that names the rule, not the file's contents.
func TestPreviewKeepsToTheStudyFolder(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret.csv")
	os.WriteFile(secret, []byte("TOPSECRET line one\n"), 0o644)
	text := "title: Leak\ncells:\n  - instant: {id: i, file: " + secret + "}\n"
	srv := newBuilt(t, text, Options{})
	ts := httptest.NewServer(srv)
	defer ts.Close()
	page := get(t, ts.URL+"/")
	if strings.Contains(page, "TOPSECRET") {
		t.Fatal("the page shows the outside file's contents")
	}
	if !strings.Contains(page, "outside the study&#39;s folder") {
		t.Errorf("the page does not say the file is outside the study's folder:\n%s", page)
	}
}

// TestPreviewBuildTimeLimit: a build over its time limit stops, and the
// page says so.
func TestPreviewBuildTimeLimit(t *testing.T) {
	text := "title: Slow\nmovements:\n  m: {mitchell: 499}\ncells:\n  - balance: {id: b, rows: [{movement: m}], columns: [qf1_av]}\n"
	start := time.Now()
	srv := newBuilt(t, text, Options{BuildTimeout: 300 * time.Millisecond})
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("the build took %v despite its limit", took)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	if page := get(t, ts.URL+"/"); !strings.Contains(page, "took longer than 300ms") {
		t.Errorf("the page does not say the build was stopped")
	}
}

// TestPreviewEditCancelsBuild saves a study whose build runs for minutes,
// then reverts it: the running build is cancelled and the revert shows.
func TestPreviewEditCancelsBuild(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.yaml")
	os.WriteFile(path, []byte(studyText), 0o644)
	srv, err := New(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := srv.Build(ctx); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	go srv.Watch(ctx)
	time.Sleep(300 * time.Millisecond) // the watcher is set up
	slow := "title: Slow\nmovements:\n  m: {mitchell: 499}\ncells:\n  - balance: {id: b, rows: [{movement: m}], columns: [qf1_av]}\n"
	os.WriteFile(path, []byte(slow), 0o644)
	time.Sleep(time.Second) // the slow build is under way
	os.WriteFile(path, []byte(strings.Replace(studyText, "First title", "Reverted title", 1)), 0o644)
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if strings.Contains(get(t, ts.URL+"/"), "Reverted title") {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("the revert did not show within 30 s: the slow build was not cancelled")
}

// FuzzHandler sends arbitrary methods, hosts and paths to a built preview:
// no panic, only the answers the rules allow, and a page only to GET or
// HEAD from a loopback host.
func FuzzHandler(f *testing.F) {
	f.Add("GET", "localhost:8750", "/")
	f.Add("POST", "127.0.0.1", "/s/index.html")
	f.Add("GET", "evil.example", "/_events/../")
	f.Add("HEAD", "[::1]:1", "/%2e%2e/etc/passwd")
	dir := f.TempDir()
	path := filepath.Join(dir, "s.yaml")
	os.WriteFile(path, []byte(studyText), 0o644)
	srv, err := New(path, Options{})
	if err != nil {
		f.Fatal(err)
	}
	if err := srv.Build(context.Background()); err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { srv.Close() })
	f.Fuzz(func(t *testing.T, method, host, target string) {
		if !strings.HasPrefix(target, "/") {
			return // targets are paths
		}
		// The event stream ends with its request: this one has ended.
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		req, err := http.NewRequestWithContext(ctx, "GET", "http://x"+target, nil)
		if err != nil {
			return
		}
		req.Method, req.Host = method, host
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, req)
		switch w.Code {
		case 200, 404, http.StatusMethodNotAllowed, http.StatusMisdirectedRequest:
		default:
			t.Errorf("%s %s %s: status %d", method, host, target, w.Code)
		}
		if w.Code == 200 && (!srv.hostAllowed(host) || method != "GET" && method != "HEAD") {
			t.Errorf("%s %s %s answered 200", method, host, target)
		}
		if w.Header().Get("X-Frame-Options") != "DENY" {
			t.Error("no X-Frame-Options")
		}
	})
}
