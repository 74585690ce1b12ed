// Package preview serves studies as live reports: a local web server that
// shows each study's HTML report, watches the study files and the files they
// read, re-runs what changed (through the study cache) and tells the open
// pages to reload. A study that breaks shows its error, with file and line,
// in the page until it is fixed.
package preview

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"html/template"
	"io"
	"maps"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/disk"
	"github.com/bridgereport/bridgereport/reports/render"
	"github.com/bridgereport/bridgereport/reports/study"
)

// Options set up a Server.
type Options struct {
	// CacheDir keeps computed cells between builds; "" uses a temporary
	// folder removed by Close.
	CacheDir string
	// Log receives a line per build; nil for none.
	Log io.Writer
	// AllowOutside lets studies read files outside their folder tree.
	AllowOutside bool
	// BuildTimeout stops a study's build that runs longer; zero means two
	// minutes. The page then says so.
	BuildTimeout time.Duration
}

func (o Options) buildTimeout() time.Duration {
	if o.BuildTimeout > 0 {
		return o.BuildTimeout
	}
	return 2 * time.Minute
}

// Server builds and serves the reports of one study file or of every study
// in a folder.
type Server struct {
	target   string // a study file or a folder of them
	isDir    bool   // the target is a folder (checked once: it may go away)
	opt      Options
	renderer *render.Renderer
	tempDir  string

	// hosts are the Host values answered: the bound address and the
	// loopback names at its port (set by Listen; empty: loopback names at
	// any port).
	hosts map[string]bool

	mu      sync.Mutex
	pages   map[string][]byte // URL path → page
	watched map[string]bool   // files whose change triggers a build
	changed chan struct{}     // closed, and replaced, after each build
	// build numbers the published pages (each page carries its own), so
	// that a page that missed the event of a newer build reloads when its
	// event stream connects.
	build uint64
	// tried numbers the builds begun; inputs are the files each study
	// (by absolute path) read in its last build that ran, still watched
	// while it is broken. Both are used by Build only, one at a time.
	tried  uint64
	inputs map[string][]string
	// known are the study pages of earlier builds (URL path → study file),
	// for Build only; gone, published with the pages, are those whose
	// study left the folder: their pages say so and reload.
	known map[string]string
	gone  map[string]bool
}

// New returns a server for target, a study file or a folder of studies.
// Build it once before serving.
func New(target string, opt Options) (*Server, error) {
	if _, err := disk.Stat(target); err != nil {
		return nil, err
	}
	s := &Server{target: target, opt: opt, renderer: render.NewRenderer(), changed: make(chan struct{}), inputs: map[string][]string{}, known: map[string]string{}}
	if info, err := os.Stat(target); err == nil && info.IsDir() {
		s.isDir = true
		s.renderer.IndexLink = "../" // the index is served at /
	}
	if s.opt.CacheDir == "" {
		dir, err := os.MkdirTemp("", "bridgereport-preview-")
		if err != nil {
			return nil, err
		}
		s.tempDir, s.opt.CacheDir = dir, dir
	}
	return s, nil
}

// Close removes the temporary cache.
func (s *Server) Close() error {
	if s.tempDir != "" {
		return os.RemoveAll(s.tempDir)
	}
	return nil
}

// studies lists the study files of the target, read afresh at each build
// so that a new study in the folder appears.
func (s *Server) studies() ([]string, error) { return study.Paths([]string{s.target}) }

// Build runs every study and renders its page; a broken study gets a page
// with its error. Open pages are told to reload.
func (s *Server) Build(ctx context.Context) error {
	start := time.Now()
	s.tried++
	build := s.tried
	pages := map[string][]byte{}
	watched := map[string]bool{}
	paths, err := s.studies()
	if err != nil {
		// The study was deleted or renamed (or the folder emptied) while
		// previewing, perhaps for a moment (a git checkout): the page says
		// so and the server waits for it, as for any broken study. The
		// watcher still watches the folder, so its return is seen.
		if !s.isDir {
			paths = []string{s.target}
		} else {
			pages["/"] = errorPage(s.target, err, build)
			s.publish(pages, s.goneFrom(pages, build), watched, build)
			if s.opt.Log != nil {
				fmt.Fprintf(s.opt.Log, "preview: %v\n", err)
			}
			return nil
		}
	}
	var reps []*reports.Report
	var broken []render.Broken
	for _, p := range paths {
		abs, _ := filepath.Abs(p)
		watched[abs] = true
		sctx, cancel := context.WithTimeout(ctx, s.opt.buildTimeout())
		inputs := map[string]bool{}
		rep, page, err := s.buildOne(sctx, p, inputs, build)
		cancel()
		if err == nil {
			s.inputs[abs] = slices.Sorted(maps.Keys(inputs))
		} else if ctx.Err() == nil {
			// A failed run names none of its inputs: keep watching those
			// of its last run, so that mending a broken movement file or
			// bibliography rebuilds the study.
			for _, in := range s.inputs[abs] {
				inputs[in] = true
			}
		}
		maps.Copy(watched, inputs)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if errors.Is(err, context.DeadlineExceeded) {
				err = fmt.Errorf("the build took longer than %v and was stopped (make the study cheaper, or give preview a longer --timeout)", s.opt.buildTimeout())
			}
			broken = append(broken, render.Broken{Source: p, Error: err.Error()})
			page = errorPage(p, err, build)
		} else {
			reps = append(reps, rep)
		}
		pages["/"+study.NameOf(p)+"/"] = page
		s.known["/"+study.NameOf(p)+"/"] = p
	}
	if len(paths) == 1 {
		pages["/"] = pages["/"+study.NameOf(paths[0])+"/"]
	} else {
		var index bytes.Buffer
		if err := s.renderer.Index(&index, engine.Version, reps, broken); err != nil {
			return err
		}
		pages["/"] = withReload(index.Bytes(), build)
	}
	s.publish(pages, s.goneFrom(pages, build), watched, build)
	if s.opt.Log != nil {
		fmt.Fprintf(s.opt.Log, "preview: %d of %d studies built in %.2f s\n", len(paths)-len(broken), len(paths), time.Since(start).Seconds())
		for _, b := range broken {
			fmt.Fprintf(s.opt.Log, "preview: %s did not build: %s\n", b.Source, b.Error)
		}
	}
	return nil
}

// goneFrom adds to a build's pages one for each study page of an earlier
// build that it lacks: a tab open on a study deleted or renamed away from
// the folder got a plain 404, without the reload script, and stayed on it
// when the study came back.
func (s *Server) goneFrom(pages map[string][]byte, build uint64) map[string]bool {
	gone := map[string]bool{}
	for url, path := range s.known {
		if _, ok := pages[url]; !ok {
			pages[url] = gonePage(s.target, path, build)
			gone[url] = true
		}
	}
	return gone
}

// publish serves the pages of a build and tells the open pages to reload.
func (s *Server) publish(pages map[string][]byte, gone, watched map[string]bool, build uint64) {
	s.mu.Lock()
	s.pages, s.gone, s.watched, s.build = pages, gone, watched, build
	close(s.changed)
	s.changed = make(chan struct{})
	s.mu.Unlock()
}

func (s *Server) buildOne(ctx context.Context, path string, watched map[string]bool, build uint64) (*reports.Report, []byte, error) {
	st, err := study.LoadStudy(path, nil)
	if err != nil {
		return nil, nil, err
	}
	rep, err := study.Run(ctx, st, study.RunOptions{CacheDir: s.opt.CacheDir, AllowOutside: s.opt.AllowOutside})
	if err == nil && s.opt.Log != nil {
		for _, w := range rep.Warnings {
			fmt.Fprintf(s.opt.Log, "preview: %s\n", w)
		}
	}
	for _, in := range inputsOf(rep) {
		if in.Path != "" {
			abs, _ := filepath.Abs(filepath.Join(st.Dir, in.Path))
			watched[abs] = true
		}
	}
	if err != nil {
		return nil, nil, err
	}
	var page bytes.Buffer
	if err := s.renderer.HTML(&page, rep); err != nil {
		return nil, nil, err
	}
	return rep, withReload(page.Bytes(), build), nil
}

func inputsOf(r *reports.Report) []reports.Input {
	if r == nil {
		return nil
	}
	return r.Provenance.Inputs
}

// reloadJS reloads the page when the server says a build finished. It
// gives the stream the build of its page (the script's data-build, outside
// the script so that its hash stays the same): a build that ended while
// the page was loading, before the stream connected, reloads it at once.
const reloadJS = `new EventSource("/_events?build=" + encodeURIComponent(document.currentScript.dataset.build)).onmessage = function () { location.reload(); };`

func reloadScript(build uint64) string {
	return `<script data-build="` + strconv.FormatUint(build, 10) + `">` + reloadJS + "</script>"
}

// reloadHash is the CSP source of reloadJS.
var reloadHash = func() string {
	sum := sha256.Sum256([]byte(reloadJS))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}()

// withReload adds the reload script of a build to a page, and to the
// page's Content-Security-Policy its hash and the event stream it connects
// to.
func withReload(page []byte, build uint64) []byte {
	// The policy is in an attribute: its quotes may be written as &#39;.
	for _, q := range []string{"'", "&#39;"} {
		quote := func(s string) []byte { return []byte(strings.ReplaceAll(s, "'", q)) }
		def := quote("default-src 'none';")
		if !bytes.Contains(page, def) {
			continue
		}
		page = bytes.Replace(page, def, quote("default-src 'none'; connect-src 'self';"), 1)
		if bytes.Contains(page, []byte("script-src ")) {
			page = bytes.Replace(page, []byte("script-src "), quote("script-src "+reloadHash+" "), 1)
		} else {
			page = bytes.Replace(page, quote("connect-src 'self';"), quote("connect-src 'self'; script-src "+reloadHash+";"), 1)
		}
		break
	}
	i := bytes.LastIndex(page, []byte("</body>"))
	if i < 0 {
		return append(page, reloadScript(build)...)
	}
	return slices.Concat(page[:i], []byte(reloadScript(build)+"\n"), page[i:])
}

var errorTemplate = template.Must(template.New("error").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">
<title>{{.Path}}: error</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
pre{white-space:pre-wrap;background:#fff5f5;border:1px solid #cf222e;border-left-width:4px;border-radius:6px;padding:1rem}</style>
</head><body><h1>{{.Path}} does not run</h1><pre>{{.Err}}</pre>
<p>Fix the study and save it: this page reloads by itself.</p></body></html>
`))

var goneTemplate = template.Must(template.New("gone").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">
<title>{{.Path}}: gone</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
pre{white-space:pre-wrap;background:#fff8c5;border:1px solid #9a6700;border-left-width:4px;border-radius:6px;padding:1rem}</style>
</head><body><h1>{{.Path}} is gone</h1><pre>this study is gone from the folder {{.Folder}}: {{.Path}}</pre>
<p>Put it back (or undo the rename): this page reloads by itself. The <a href="../">index</a> lists the studies the folder has.</p></body></html>
`))

// gonePage is the page of a study that left the folder, with the reload
// script: it comes back with the study.
func gonePage(folder, path string, build uint64) []byte {
	var buf bytes.Buffer
	goneTemplate.Execute(&buf, map[string]string{"Folder": folder, "Path": path})
	return withReload(buf.Bytes(), build)
}

func errorPage(path string, err error, build uint64) []byte {
	var buf bytes.Buffer
	errorTemplate.Execute(&buf, map[string]string{"Path": path, "Err": err.Error()})
	return withReload(buf.Bytes(), build)
}

// securityPolicy is sent with every answer; the pages' own meta policy
// allows their scripts by hash.
const securityPolicy = "frame-ancestors 'none'; base-uri 'none'; form-action 'none'; object-src 'none'"

// ServeHTTP serves the pages and the stream of reload events: GET and HEAD
// only, to a Host of the bound address or a loopback name (a page of
// another site that rebinds its name to this machine gets 421).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Security-Policy", securityPolicy)
	h.Set("Referrer-Policy", "no-referrer")
	if !s.hostAllowed(r.Host) {
		http.Error(w, "misdirected request: this preview answers only to its own address and localhost", http.StatusMisdirectedRequest)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if r.URL.Path == "/_events" {
		s.events(w, r)
		return
	}
	path := r.URL.Path
	if !strings.HasSuffix(path, "/") && !strings.Contains(filepath.Base(path), ".") {
		path += "/"
	}
	path = strings.TrimSuffix(path, "index.html")
	s.mu.Lock()
	page, ok := s.pages[path]
	gone := s.gone[path]
	s.mu.Unlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if gone {
		// Still not found, but the page reloads when the study is back.
		w.WriteHeader(http.StatusNotFound)
	}
	w.Write(page)
}

// hostAllowed says whether a request's Host names this server.
func (s *Server) hostAllowed(host string) bool {
	if s.hosts != nil {
		return s.hosts[strings.ToLower(host)]
	}
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	name = strings.Trim(strings.ToLower(name), "[]")
	return name == "localhost" || name == "127.0.0.1" || name == "::1"
}

// Listen binds addr and remembers which Host values name it. A port in
// use or an address not of this machine is said in words, with what to
// do, not as the socket's error ("bind: address already in use").
func (s *Server) Listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return nil, fmt.Errorf("preview: %s is in use (another preview?): --port N listens on another port, --port 0 on a free one", addr)
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return nil, fmt.Errorf("preview: cannot listen on %s: --host is not an address of this machine", addr)
	case err != nil:
		return nil, fmt.Errorf("preview: cannot listen on %s: %w", addr, err)
	}
	s.hosts = allowedHosts(ln.Addr())
	return ln, nil
}

// allowedHosts are the bound address and the loopback names, at its port.
func allowedHosts(a net.Addr) map[string]bool {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return map[string]bool{}
	}
	hosts := map[string]bool{}
	for _, h := range []string{host, "localhost", "127.0.0.1", "::1"} {
		hp := net.JoinHostPort(h, port)
		hosts[strings.ToLower(hp)] = true
		if port == "80" {
			hosts[strings.ToLower(strings.Trim(h, "[]"))] = true
		}
	}
	return hosts
}

// events sends one message after each build until the page goes away, and
// one at once when the page that connects (its ?build=) is not of the
// build served now.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	fmt.Fprint(w, ": connected\n\n")
	flusher.Flush()
	page := r.URL.Query().Get("build")
	for {
		s.mu.Lock()
		changed, current := s.changed, strconv.FormatUint(s.build, 10)
		s.mu.Unlock()
		if page != "" && page != current {
			fmt.Fprint(w, "data: reload\n\n")
			flusher.Flush()
			page = "" // once: the page reloads and connects anew
		}
		select {
		case <-r.Context().Done():
			return
		case <-changed:
			fmt.Fprint(w, "data: reload\n\n")
			flusher.Flush()
		}
	}
}

// Watch rebuilds whenever a study file, a file a study reads, or (for a
// folder) any study in the folder changes, until ctx ends. Editors save in
// bursts (write, rename, chmod): changes within 100 ms make one build.
func (s *Server) Watch(ctx context.Context) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	dirs := map[string]bool{}
	watchDirs := func() error {
		s.mu.Lock()
		files := make([]string, 0, len(s.watched))
		for f := range s.watched {
			files = append(files, f)
		}
		s.mu.Unlock()
		if abs, err := filepath.Abs(s.target); err == nil {
			if info, err := os.Stat(abs); err == nil && info.IsDir() {
				files = append(files, filepath.Join(abs, "x"))
			}
		}
		for _, f := range files {
			if dir := filepath.Dir(f); !dirs[dir] {
				if err := w.Add(dir); err != nil {
					return err
				}
				dirs[dir] = true
			}
		}
		return nil
	}
	if err := watchDirs(); err != nil {
		return err
	}
	// A build runs in the background; a change while it runs cancels it,
	// and the next build starts once the burst of changes is over.
	var timer <-chan time.Time
	var building chan error
	cancelBuild := func() {}
	defer func() { cancelBuild() }()
	for {
		select {
		case <-ctx.Done():
			cancelBuild()
			if building != nil {
				<-building
			}
			return nil
		case err := <-w.Errors:
			if s.opt.Log != nil {
				fmt.Fprintf(s.opt.Log, "preview: watch: %v\n", err)
			}
		case ev := <-w.Events:
			if s.relevant(ev.Name) {
				cancelBuild()
				timer = time.After(100 * time.Millisecond)
			}
		case <-timer:
			if building != nil {
				timer = time.After(20 * time.Millisecond) // the cancelled build is ending
				continue
			}
			timer = nil
			bctx, cancel := context.WithCancel(ctx)
			cancelBuild = cancel
			building = make(chan error, 1)
			go func(done chan<- error) { done <- s.Build(bctx) }(building)
		case err := <-building:
			building = nil
			cancelBuild()
			if err != nil && !errors.Is(err, context.Canceled) {
				return err
			}
			if err := watchDirs(); err != nil {
				return err
			}
		}
	}
}

// relevant reports whether a changed file can change a page.
func (s *Server) relevant(name string) bool {
	abs, err := filepath.Abs(name)
	if err != nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.watched[abs] {
		return true
	}
	// A new or renamed study in a previewed folder.
	target, _ := filepath.Abs(s.target)
	return filepath.Dir(abs) == target && strings.HasSuffix(abs, ".yaml")
}

// ListenAndServe builds target, serves it on addr and rebuilds on every
// change until ctx ends; it says where to look on out.
func ListenAndServe(ctx context.Context, target, addr string, opt Options, out io.Writer) error {
	srv, err := New(target, opt)
	if err != nil {
		return err
	}
	defer srv.Close()
	// The port is taken before the first build, which may take minutes: a
	// port in use is said at once.
	ln, err := srv.Listen(addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	if err := srv.Build(ctx); err != nil {
		return err
	}
	fmt.Fprintf(out, "preview of %s: http://%s/ (saving a study reloads the page; Ctrl-C stops)\n", target, ln.Addr())
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	wctx, stopWatch := context.WithCancel(ctx)
	defer stopWatch()
	watched := make(chan error, 1)
	go func() { watched <- srv.Watch(wctx) }()
	watchEnded := false
	select {
	case <-ctx.Done():
	case err = <-served:
	case err = <-watched:
		watchEnded = true
	}
	// Open event streams end only with their connection: close them.
	hs.Close()
	// The watcher cancels the build under way and waits for it: only then
	// may the deferred Close remove the temporary cache it writes to.
	stopWatch()
	if !watchEnded {
		<-watched
	}
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	if err == nil && ctx.Err() != nil {
		// Ctrl-C or SIGTERM, preview's usual end: exit status 130 as for
		// every command (and as when it comes during the first build).
		err = ctx.Err()
	}
	return err
}
