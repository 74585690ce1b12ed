package preview

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const studyText = `title: First title
movements:
  m: {mitchell: 7}
cells:
  - markdown: Some prose.
  - balance: {id: b, rows: [{movement: m, published: {qf: "46.94"}}]}
`

func get(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return string(body)
}

// TestPreviewFollowsEdits edits a study under a running preview: each save
// reloads the page with the new report, a broken study shows its error with
// file and line, and fixing it brings the report back.
func TestPreviewFollowsEdits(t *testing.T) {
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
	if page := get(t, ts.URL+"/"); !strings.Contains(page, "First title") || !strings.Contains(page, `EventSource("/_events`) {
		t.Fatalf("first page lacks the report or the reload script")
	}
	watchErr := make(chan error, 1)
	go func() { watchErr <- srv.Watch(ctx) }()

	resp, err := http.Get(ts.URL + "/_events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	events := bufio.NewReader(resp.Body)
	waitReload := func(what string) {
		t.Helper()
		got := make(chan error, 1)
		go func() {
			for {
				line, err := events.ReadString('\n')
				if err != nil {
					got <- err
					return
				}
				if strings.HasPrefix(line, "data: reload") {
					got <- nil
					return
				}
			}
		}()
		select {
		case err := <-got:
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: no reload within 10 s", what)
		}
	}
	edit := func(text string) {
		// Write and rename, as editors save.
		tmp := path + ".tmp"
		os.WriteFile(tmp, []byte(text), 0o644)
		os.Rename(tmp, path)
	}
	time.Sleep(200 * time.Millisecond) // let the watcher start

	edit(strings.Replace(studyText, "First title", "Second title", 1))
	waitReload("prose edit")
	if page := get(t, ts.URL+"/"); !strings.Contains(page, "Second title") {
		t.Errorf("the page did not follow the edit")
	}

	edit(strings.Replace(studyText, "mitchell: 7", "mitchell: 8", 1))
	waitReload("breaking edit")
	if page := get(t, ts.URL+"/"); !strings.Contains(page, "s.yaml:3:") || !strings.Contains(page, "does not run") {
		t.Errorf("the page does not show the error with its line:\n%s", page)
	}

	edit(studyText)
	waitReload("fix")
	if page := get(t, ts.URL+"/"); !strings.Contains(page, "First title") {
		t.Errorf("the report did not come back after the fix")
	}
	cancel()
	if err := <-watchErr; err != nil {
		t.Errorf("watch: %v", err)
	}
}

func TestPreviewFolderShowsIndexAndBrokenStudies(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "good.yaml"), []byte(studyText), 0o644)
	os.WriteFile(filepath.Join(dir, "bad.yaml"), []byte("title: Bad\ncells: []\n"), 0o644)
	var log strings.Builder
	srv, err := New(dir, Options{Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if err := srv.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	// The log says why, not only how many.
	if !strings.Contains(log.String(), "1 of 2 studies built") || !strings.Contains(log.String(), "bad.yaml did not build: study: "+filepath.Join(dir, "bad.yaml")+":2: cells: a study needs at least one cell") {
		t.Errorf("log:\n%s", log.String())
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	index := get(t, ts.URL+"/")
	if !strings.Contains(index, "First title") || !strings.Contains(index, "Studies that could not run") || !strings.Contains(index, "bad.yaml") {
		t.Errorf("index:\n%s", index)
	}
	if page := get(t, ts.URL+"/good/index.html"); !strings.Contains(page, "First title") {
		t.Errorf("study page not served")
	}
	if page := get(t, ts.URL+"/bad/"); !strings.Contains(page, "bad.yaml") || !strings.Contains(page, "does not run") {
		t.Errorf("broken study page:\n%s", page)
	}
}
