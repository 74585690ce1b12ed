package preview

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// events connects to the preview's event stream as a page of build does
// ("" for none) and returns a function that waits up to d for a reload.
func events(t *testing.T, url, build string) func(d time.Duration) bool {
	t.Helper()
	if build != "" {
		url += "?build=" + build
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	reloads := make(chan struct{}, 16)
	go func() {
		lines := bufio.NewReader(resp.Body)
		for {
			line, err := lines.ReadString('\n')
			if err != nil {
				return
			}
			if strings.HasPrefix(line, "data: reload") {
				reloads <- struct{}{}
			}
		}
	}()
	return func(d time.Duration) bool {
		select {
		case <-reloads:
			return true
		case <-time.After(d):
			return false
		}
	}
}

var pageBuild = regexp.MustCompile(`<script data-build="(\d+)">`)

// TestPreviewReloadsAPageThatMissedABuild: a build that ends while a page
// is loading, before its event stream connects, used to leave the page
// stale after the last save (seen in Chromium with two saves 250 ms
// apart). The page now says which build it is of, and a stream from a
// page of an older build is told to reload at once.
func TestPreviewReloadsAPageThatMissedABuild(t *testing.T) {
	srv := newBuilt(t, studyText, Options{})
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close) // after the streams' cleanups: it waits for them
	m := pageBuild.FindStringSubmatch(get(t, ts.URL+"/"))
	if m == nil {
		t.Fatal("the page does not say which build it is of")
	}
	old := m[1]
	if err := srv.Build(context.Background()); err != nil { // the build the page missed
		t.Fatal(err)
	}
	if !events(t, ts.URL+"/_events", old)(5 * time.Second) {
		t.Error("a page of an older build is not told to reload")
	}
	now := pageBuild.FindStringSubmatch(get(t, ts.URL+"/"))
	if now == nil || now[1] == old {
		t.Fatalf("the new page's build is %v, the old one's %s", now, old)
	}
	if events(t, ts.URL+"/_events", now[1])(300 * time.Millisecond) {
		t.Error("a page of the current build is told to reload: it would reload for ever")
	}
}

// watching serves a study file of dir under a running watcher and returns
// its address, a reload waiter and the watcher's end.
func watching(t *testing.T, path string) (string, func(time.Duration) bool, chan error) {
	t.Helper()
	srv, err := New(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	ctx, cancel := context.WithCancel(context.Background())
	if err := srv.Build(ctx); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	watchErr := make(chan error, 1)
	go func() { watchErr <- srv.Watch(ctx) }()
	t.Cleanup(func() {
		cancel()
		ts.Close()
	})
	reload := events(t, ts.URL+"/_events", "")
	time.Sleep(300 * time.Millisecond) // the watcher is set up
	return ts.URL, reload, watchErr
}

// TestPreviewSurvivesADeletedStudy: deleting or renaming the study under
// preview (a git checkout, an editor's rename) used to stop the server
// with exit status 2. The page now says the file is missing, and the
// report comes back with the file.
func TestPreviewSurvivesADeletedStudy(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.yaml")
	os.WriteFile(path, []byte(studyText), 0o644)
	url, reload, watchErr := watching(t, path)
	for _, gone := range []func() error{
		func() error { return os.Remove(path) },
		func() error { return os.Rename(path, filepath.Join(dir, "renamed.yaml")) },
	} {
		if err := gone(); err != nil {
			t.Fatal(err)
		}
		if !reload(10 * time.Second) {
			t.Fatal("no reload after the study went away")
		}
		select {
		case err := <-watchErr:
			t.Fatalf("the preview stopped: %v", err)
		default:
		}
		if page := get(t, url+"/"); !strings.Contains(page, "does not run") || !strings.Contains(page, "s.yaml") {
			t.Errorf("the page does not say the study is missing:\n%s", page)
		}
		os.WriteFile(path, []byte(strings.Replace(studyText, "First title", "Back again", 1)), 0o644)
		if !reload(10 * time.Second) {
			t.Fatal("no reload when the study came back")
		}
		if page := get(t, url+"/"); !strings.Contains(page, "Back again") {
			t.Errorf("the report did not come back with the study")
		}
	}
}

// TestPreviewWatchesTheInputsOfABrokenStudy: a study broken by a file it
// reads named no inputs, so mending that file (here a movement file)
// rebuilt nothing and the page kept the error until the study itself was
// saved.
func TestPreviewWatchesTheInputsOfABrokenStudy(t *testing.T) {
	dir := t.TempDir()
	asc := "10 5 5 5 0\n 1- 6 A   2- 7 B   3- 8 C   4- 9 D   5-10 E\n 1-10 B   2- 6 C   3- 7 D   4- 8 E   5- 9 A\n 1- 9 C   2-10 D   3- 6 E   4- 7 A   5- 8 B\n 1- 8 D   2- 9 E   3-10 A   4- 6 B   5- 7 C\n 1- 7 E   2- 8 A   3- 9 B   4-10 C   5- 6 D\n"
	os.WriteFile(filepath.Join(dir, "m.asc"), []byte(asc), 0o644)
	path := filepath.Join(dir, "s.yaml")
	os.WriteFile(path, []byte("title: From a file\nmovements:\n  m: {file: m.asc}\ncells:\n  - balance: {id: b, rows: [{movement: m}]}\n"), 0o644)
	url, reload, _ := watching(t, path)
	if page := get(t, url+"/"); !strings.Contains(page, "From a file") {
		t.Fatalf("the study does not build:\n%s", page)
	}
	os.WriteFile(filepath.Join(dir, "m.asc"), []byte("broken\n"), 0o644)
	if !reload(10*time.Second) || !strings.Contains(get(t, url+"/"), "m.asc:1") {
		t.Fatal("the broken movement file does not show")
	}
	os.WriteFile(filepath.Join(dir, "m.asc"), []byte(asc), 0o644)
	if !reload(10 * time.Second) {
		t.Fatal("mending the movement file rebuilt nothing")
	}
	if page := get(t, url+"/"); !strings.Contains(page, "From a file") {
		t.Errorf("the report did not come back:\n%s", page)
	}
}

// TestPreviewStopsAsInterrupted: Ctrl-C is preview's usual end, and it
// returned nil (exit status 0) where every command, and preview itself
// when stopped during its first build, exits 130. It ends with the
// context's error, with its open event streams, and leaves no temporary
// cache behind.
func TestPreviewStopsAsInterrupted(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.yaml")
	os.WriteFile(path, []byte(studyText), 0o644)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ListenAndServe(ctx, path, addr, Options{}, io.Discard) }()
	deadline := time.Now().Add(20 * time.Second)
	for {
		if resp, err := http.Get("http://" + addr + "/"); err == nil {
			resp.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the preview does not answer")
		}
		time.Sleep(50 * time.Millisecond)
	}
	events(t, "http://"+addr+"/_events", "") // a page is open
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("stopped with %v, want context.Canceled (exit status 130)", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the preview did not stop within 5 s of Ctrl-C")
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("left behind in the temporary folder: %v", left)
	}
}

// TestPreviewFolderKeepsAGoneStudysPage: in a folder, a study deleted while
// its page was open left the tab a plain 404 without the reload script, so
// it stayed there when the study came back. Its page now says the study
// is gone from the folder, reloads, and is the report again on its return.
func TestPreviewFolderKeepsAGoneStudysPage(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.yaml")
	os.WriteFile(path, []byte(studyText), 0o644)
	os.WriteFile(filepath.Join(dir, "b.yaml"), []byte(strings.Replace(studyText, "First title", "Other study", 1)), 0o644)
	url, reload, _ := watching(t, dir)
	if page := get(t, url+"/a/"); !strings.Contains(page, "First title") {
		t.Fatalf("the study's page is not served:\n%s", page)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if !reload(10 * time.Second) {
		t.Fatal("no reload after the study went away")
	}
	resp, err := http.Get(url + "/a/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	page := string(body)
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("status %d, want 404: the study is not there", resp.StatusCode)
	}
	if !strings.Contains(page, "this study is gone from the folder") || !strings.Contains(page, "a.yaml") {
		t.Errorf("the page does not say the study is gone:\n%s", page)
	}
	if !pageBuild.MatchString(page) || !strings.Contains(page, reloadHash) {
		t.Errorf("the page of a gone study has no reload script its policy allows:\n%s", page)
	}
	if page := get(t, url+"/"); strings.Contains(page, "First title") || !strings.Contains(page, "Other study") {
		t.Errorf("the index still lists the gone study, or not the other:\n%s", page)
	}
	if page := get(t, url+"/never/"); strings.Contains(page, "gone from the folder") {
		t.Errorf("a page that never was is said to be gone:\n%s", page)
	}
	os.WriteFile(path, []byte(strings.Replace(studyText, "First title", "Back again", 1)), 0o644)
	if !reload(10 * time.Second) {
		t.Fatal("no reload when the study came back")
	}
	if page := get(t, url+"/a/"); !strings.Contains(page, "Back again") {
		t.Errorf("the report did not come back with the study:\n%s", page)
	}
}

// TestPreviewPortInUseSaidFirst: a port in use was found only after the
// first build (minutes, for a folder of long studies), and said as the
// socket's "listen tcp 127.0.0.1:8750: bind: address already in use". It
// is now said before anything is built, with what to do.
func TestPreviewPortInUseSaidFirst(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.yaml")
	os.WriteFile(path, []byte(studyText), 0o644)
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	addr := busy.Addr().String()
	var log, out strings.Builder
	err = ListenAndServe(context.Background(), path, addr, Options{Log: &log}, &out)
	if err == nil {
		t.Fatal("a port in use was taken")
	}
	want := "preview: " + addr + " is in use (another preview?): --port N listens on another port, --port 0 on a free one"
	if err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if log.Len() > 0 || out.Len() > 0 {
		t.Errorf("the study was built before the port was tried:\n%s%s", log.String(), out.String())
	}
}
