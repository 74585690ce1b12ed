package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/luck"
	"github.com/bridgereport/bridgereport/reports/resolve"
)

// The shards of an exact run are separate processes, as on a cluster: the
// test binary runs itself as bridgereport (TestHelperBridgereport), once per
// shard, with the arguments in the environment.

func TestHelperBridgereport(t *testing.T) {
	if os.Getenv("BRIDGEREPORT_HELPER") != "1" {
		t.Skip("runs only as the bridgereport of another test")
	}
	args := strings.Split(os.Getenv("BRIDGEREPORT_ARGS"), "\n")
	os.Exit(exitCode(Run(context.Background(), args, os.Stdout, os.Stderr), os.Stderr))
}

// bridgereport runs the command in a process of its own, in dir, with env
// added to the environment.
func bridgereport(t *testing.T, dir string, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return startBridgereport(t, dir, env, args...).wait(t)
}

// process is bridgereport started in a process of its own.
type process struct {
	cmd         *exec.Cmd
	out, errout bytes.Buffer
}

// startBridgereport starts the command in a process of its own, in dir,
// with env added to the environment; several run at once, as shards do.
func startBridgereport(t *testing.T, dir string, env []string, args ...string) *process {
	t.Helper()
	p := &process{cmd: exec.Command(os.Args[0], "-test.run=^TestHelperBridgereport$")}
	p.cmd.Dir = dir
	p.cmd.Env = append(os.Environ(), "BRIDGEREPORT_HELPER=1", "BRIDGEREPORT_ARGS="+strings.Join(args, "\n"))
	p.cmd.Env = append(p.cmd.Env, env...)
	p.cmd.Stdout, p.cmd.Stderr = &p.out, &p.errout
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return p
}

// wait waits for the process to end and returns what it printed and its
// exit status.
func (p *process) wait(t *testing.T) (stdout, stderr string, code int) {
	t.Helper()
	err := p.cmd.Wait()
	if ee, ok := err.(*exec.ExitError); ok {
		return p.out.String(), p.errout.String(), ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return p.out.String(), p.errout.String(), 0
}

// TestSimulateShardsMerge: 8 shards of an exact run, each its own process
// (half given K/N, half auto/N with the index in JOB_COMPLETION_INDEX as a
// Kubernetes Indexed Job sets it), merged, print the unsharded output byte
// for byte, as JSON and as text. mitchell:5,switch=2 is 10 pairs in Gray
// blocks; 12 pairs are relay-mitchell:6 (there is no mitchell:6: a standard
// Mitchell has an odd number of tables), the reduced enumeration.
func TestSimulateShardsMerge(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		spec string
		long bool
	}{
		{"mitchell:5,switch=2", false},
		{"relay-mitchell:6", true},
	} {
		t.Run(c.spec, func(t *testing.T) {
			if c.long && testing.Short() {
				t.Skip("an exact 12-pair run, twice")
			}
			t.Parallel()
			dir := t.TempDir()
			// The shards run at once, as on a cluster.
			var parts []string
			var shards []*process
			for k := range 8 {
				shard, env := fmt.Sprintf("%d/8", k), []string(nil)
				if k%2 == 1 {
					shard, env = "auto/8", []string{fmt.Sprintf("JOB_COMPLETION_INDEX=%d", k)}
				}
				part := fmt.Sprintf("part-%d.json", k)
				shards = append(shards, startBridgereport(t, dir, env, "simulate", "--model", "bussemaker", "--exact", "--shard", shard, "-o", part, c.spec))
				parts = append(parts, part)
			}
			for k, p := range shards {
				_, stderr, code := p.wait(t)
				if code != 0 {
					t.Fatalf("shard %d: exit %d: %s", k, code, stderr)
				}
				if want := fmt.Sprintf("shard %d/8 of %s", k, c.spec); !strings.Contains(stderr, want) {
					t.Errorf("shard %d: stderr %q lacks %q", k, stderr, want)
				}
			}
			formats := [][]string{{"--json"}, nil}
			var wholes []*process
			for _, format := range formats {
				wholes = append(wholes, startBridgereport(t, dir, nil, append(append([]string{"simulate", "--model", "bussemaker", "--exact"}, format...), c.spec)...))
			}
			for i, format := range formats {
				whole, stderr, code := wholes[i].wait(t)
				if code != 0 {
					t.Fatalf("unsharded: exit %d: %s", code, stderr)
				}
				// The parts in another order: the merge orders them itself.
				merged, stderr, code := bridgereport(t, dir, nil, append(append([]string{"simulate", "--merge"}, format...), parts[3], parts[0], parts[7], parts[1], parts[2], parts[6], parts[4], parts[5])...)
				if code != 0 {
					t.Fatalf("merge: exit %d: %s", code, stderr)
				}
				if merged != whole {
					t.Errorf("%v: merged output differs from the unsharded one:\n%s\nunsharded:\n%s", format, merged, whole)
				}
			}
			_, stderr, code := bridgereport(t, dir, nil, append([]string{"simulate", "--merge", "--json"}, parts[:7]...)...)
			if code != exitBad || !strings.Contains(stderr, "1 of 8 shards missing (7)") {
				t.Errorf("merge without shard 7: exit %d, stderr %q", code, stderr)
			}
		})
	}
}

// TestSimulateShardErrors: the flags of sharding are checked, and an exact
// run beyond the local budget is refused with the way to shard it.
func TestSimulateShardErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"shard-needs-exact", []string{"simulate", "--model", "bussemaker", "--shard", "0/2", "-o", "p.json", "mitchell:3"}, "shards are of an --exact run"},
		{"shard-needs-o", []string{"simulate", "--model", "bussemaker", "--exact", "--shard", "0/2", "mitchell:3"}, "--shard K/N and -o PART go together"},
		{"shard-range", []string{"simulate", "--model", "bussemaker", "--exact", "--shard", "2/2", "-o", "p.json", "mitchell:3"}, "K must be a whole number from 0 to N−1 = 1"},
		{"auto-without-index", []string{"simulate", "--model", "bussemaker", "--exact", "--shard", "auto/2", "-o", "p.json", "mitchell:3"}, "JOB_COMPLETION_INDEX, which is not set"},
		{"merge-no-parts", []string{"simulate", "--merge"}, "give the part files"},
		{"merge-flags", []string{"simulate", "--merge", "--seed", "3", "p.json"}, "--merge takes its settings from the parts"},
		{"over-budget", []string{"simulate", "--model", "bussemaker", "--exact", "relay-mitchell:8,switch=2"}, "more than the local budget"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, stderr, code := bridgereport(t, dir, []string{"JOB_COMPLETION_INDEX="}, c.args...)
			if code != exitBad || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, exitBad, c.want)
			}
			if c.name == "over-budget" && (!strings.Contains(stderr, "--shard K/N") || !strings.Contains(stderr, "20922789888000 numberings")) {
				t.Errorf("stderr %q: want the estimate and the way to shard", stderr)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "p.json")); err == nil {
		t.Error("a refused shard wrote its part")
	}
}

// TestSimulateMergeNamesTheFile: a part that does not belong is named by
// its file (and the file it was compared with), not only by its shard,
// which every run of N shards has.
func TestSimulateMergeNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	part := func(name, shard, spec string) string {
		path := filepath.Join(dir, name)
		var out, errout bytes.Buffer
		if err := Run(context.Background(), []string{"simulate", "--model", "bussemaker", "--exact", "--shard", shard, "-o", path, spec}, &out, &errout); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, errout.String())
		}
		return path
	}
	a0, a1 := part("a 0.json", "0/2", "mitchell:3,switch=2"), part("a 1.json", "1/2", "mitchell:3,switch=2")
	b1 := part("b 1.json", "1/2", "mitchell:3")
	c1 := part("c 1.json", "1/3", "mitchell:3,switch=2")
	for _, c := range []struct {
		name  string
		parts []string
		want  string
	}{
		{"other-movement", []string{a0, b1}, `simulate: --merge: ` + b1 + ` (with ` + a0 + `): merge: shard 1/2: movement is mitchell:3`},
		{"twice", []string{a0, a1, a1}, `simulate: --merge: ` + a1 + ` (with ` + a1 + `): merge: shard 1/2 given twice`},
		{"other-n-first", []string{c1, a0, a1}, `simulate: --merge: ` + a0 + ` (with ` + c1 + `): merge: shard 0/2: shards is 2, want 3`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out, errout bytes.Buffer
			err := Run(context.Background(), append([]string{"simulate", "--merge"}, c.parts...), &out, &errout)
			if err == nil || !strings.Contains(err.Error(), c.want) || exitCode(err, io.Discard) != exitBad {
				t.Errorf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

// TestSimulateShardChecksOutputFirst: a part file that cannot be written
// is refused before the shard's work (which may be minutes), by the name
// given to -o: the context is cancelled, so any work would end the run
// with context.Canceled instead.
func TestSimulateShardChecksOutputFirst(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name, o, want string
	}{
		{"missing-folder", filepath.Join(dir, "no such", "part-3.json"), "its folder " + filepath.Join(dir, "no such") + " does not exist"},
		{"folder", dir, "is a folder; give the part's file name, e.g. " + filepath.Join(dir, "part-3.json")},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out, errout bytes.Buffer
			err := Run(ctx, []string{"simulate", "--model", "bussemaker", "--exact", "--shard", "3/8", "-o", c.o, "mitchell:5,switch=2"}, &out, &errout)
			if err == nil || !strings.Contains(err.Error(), "-o "+c.o+": "+c.want) || exitCode(err, io.Discard) != exitBad {
				t.Errorf("error %v, want one containing %q", err, "-o "+c.o+": "+c.want)
			}
		})
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
	// A part is renamed into place: over a named pipe (or, as root, over
	// /dev/null) it would replace it. The pipe stays a pipe.
	pipe := filepath.Join(dir, "pipe")
	if err := mkfifo(pipe); err != nil {
		t.Skip("no named pipes here:", err)
	}
	var out, errout bytes.Buffer
	err := Run(context.Background(), []string{"simulate", "--model", "bussemaker", "--exact", "--shard", "0/2", "-o", pipe, "mitchell:3"}, &out, &errout)
	if want := "-o " + pipe + ": is a named pipe, not a regular file"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want one containing %q", err, want)
	}
	if fi, err := os.Lstat(pipe); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe was replaced: %v %v", fi.Mode(), err)
	}
}

// TestSimulateShardSaysWhatItHolds: the line a shard prints says its
// chunks as a range, one chunk, or an empty part when there are more
// shards than chunks (it said "chunks 0…-1 of 1"); the empty parts merge.
func TestSimulateShardSaysWhatItHolds(t *testing.T) {
	dir := t.TempDir()
	var parts []string
	said := map[int]string{}
	for k := range 8 {
		part := filepath.Join(dir, fmt.Sprintf("part-%d.json", k))
		var out, errout bytes.Buffer
		if err := Run(context.Background(), []string{"simulate", "--model", "bussemaker", "--exact", "--shard", fmt.Sprintf("%d/8", k), "-o", part, "mitchell:3"}, &out, &errout); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, part)
		said[k] = errout.String()
	}
	for k, want := range map[int]string{
		0: "shard 0/8 of mitchell:3: an empty part (8 shards of 1 chunk leave some empty) written to",
		7: "shard 7/8 of mitchell:3: chunk 0 of 1 written to",
	} {
		if !strings.Contains(said[k], want) {
			t.Errorf("shard %d said %q, want %q", k, said[k], want)
		}
	}
	var out, errout bytes.Buffer
	if err := Run(context.Background(), append([]string{"simulate", "--merge", "--json"}, parts...), &out, &errout); err != nil {
		t.Errorf("merge of the empty parts and the one chunk: %v", err)
	}
}

// TestSimulateMergeUnreadable: a folder or a missing file given to --merge
// is named once, with what is wrong ("read adir: is a directory" said the
// name twice).
func TestSimulateMergeUnreadable(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "no part.json")
	for _, c := range []struct{ name, arg, want string }{
		{"folder", dir, "simulate: --merge: " + dir + ": is a folder; give its part files (" + filepath.Join(dir, "*.json") + ")"},
		{"missing", missing, "simulate: --merge: " + missing + ": no such file or folder"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out, errout bytes.Buffer
			err := Run(context.Background(), []string{"simulate", "--merge", c.arg}, &out, &errout)
			if err == nil || err.Error() != c.want {
				t.Errorf("error %v, want %q", err, c.want)
			}
		})
	}
}

// TestSimulateShardEstimate: a shard says what the whole and its own share
// will cost before it starts, as --exact does (it said nothing, so a
// --shard 0/2 of the 16-pair field ran for hours without a word).
func TestSimulateShardEstimate(t *testing.T) {
	dir := t.TempDir()
	for _, shard := range []string{"1/4", "5/1000"} {
		var out, errout bytes.Buffer
		part := filepath.Join(dir, "part.json")
		if err := Run(context.Background(), []string{"simulate", "--model", "bussemaker", "--exact", "--shard", shard, "-o", part, "mitchell:5,switch=2"}, &out, &errout); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(errout.String()), "\n")
		written := lines[len(lines)-1]
		covered, _, ok := strings.Cut(strings.TrimPrefix(written, "simulate: shard "+shard+" of mitchell:5,switch=2: "), " written to")
		if !ok || len(lines) != 3 {
			t.Fatalf("%s: stderr %q", shard, errout.String())
		}
		if !strings.HasPrefix(lines[0], "simulate: exact enumeration of mitchell:5,switch=2: 3628800 numberings") {
			t.Errorf("%s: first line %q, want the whole's estimate", shard, lines[0])
		}
		if want := "simulate: shard " + shard + ": " + covered + ", "; !strings.HasPrefix(lines[1], want) || !strings.HasSuffix(lines[1], " of CPU") && !strings.HasSuffix(lines[1], "nothing to compute") {
			t.Errorf("%s: second line %q, want %q and its CPU time", shard, lines[1], want)
		}
	}
}

// TestSimulateOverBudgetHint: the refusal of an exact run beyond the
// budget gives the way to shard it as commands that do it: the flags to
// add to this command, the least N whose shards fit, and the merge command
// (it said "--merge part-*.json" and no N).
func TestSimulateOverBudgetHint(t *testing.T) {
	spec := "relay-mitchell:8,switch=2"
	pm, err := resolve.ReadMovement(spec, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	est, err := luck.EstimateExact(pm.Movement, luck.Settings{Method: luck.Exact})
	if err != nil {
		t.Fatal(err)
	}
	n := int(math.Ceil(est.CPUSeconds / luck.MaxExactCPU))
	var out, errout bytes.Buffer
	err = Run(context.Background(), []string{"simulate", "--model", "bussemaker", "--exact", spec}, &out, &errout)
	for _, want := range []string{
		"add --shard K/N -o part-K.json to this command for K = 0…N−1",
		fmt.Sprintf("(N of %d or more keeps each shard within the budget)", n),
		"then bridgereport simulate --merge part-*.json",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v, want one containing %q", err, want)
		}
	}
	// Shards of that N are each within the budget, by the estimate.
	if most := est.CPUSeconds / float64(n); most > luck.MaxExactCPU {
		t.Errorf("N = %d: shards of %.0f CPU-seconds", n, most)
	}
}

// TestSimulateMergeElsewhere: parts of a movement file merge where that
// file name reads it, and elsewhere the error says why the merge looked
// for it there.
func TestSimulateMergeElsewhere(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	var out, errout bytes.Buffer
	if err := Run(context.Background(), []string{"movement", "-o", "my mov.asc", "mitchell:3"}, &out, &errout); err != nil {
		t.Fatal(err)
	}
	part := filepath.Join(dir, "part 0.json")
	if err := Run(context.Background(), []string{"simulate", "--model", "bussemaker", "--exact", "--shard", "0/1", "-o", part, "my mov.asc"}, &out, &errout); err != nil {
		t.Fatal(err)
	}
	if err := Run(context.Background(), []string{"simulate", "--merge", part}, &out, &errout); err != nil {
		t.Errorf("merge beside the movement: %v", err)
	}
	t.Chdir(t.TempDir())
	err := Run(context.Background(), []string{"simulate", "--merge", part}, &out, &errout)
	if want := "run --merge where that name reads the same movement"; err == nil || !strings.Contains(err.Error(), `movement "my mov.asc"`) || !strings.Contains(err.Error(), want) {
		t.Errorf("merge elsewhere: error %v, want one naming the movement and containing %q", err, want)
	}
}

// TestSimulateMergeSpellings: --merge=true takes the part files as --merge
// does (it was refused: "want 1 argument(s), got 2"); without --merge, one
// movement.
func TestSimulateMergeSpellings(t *testing.T) {
	dir := t.TempDir()
	var parts []string
	for k := range 2 {
		part := filepath.Join(dir, fmt.Sprintf("part-%d.json", k))
		var out, errout bytes.Buffer
		if err := Run(context.Background(), []string{"simulate", "--model", "bussemaker", "--exact", "--shard", fmt.Sprintf("%d/2", k), "-o", part, "mitchell:3"}, &out, &errout); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, part)
	}
	var want bytes.Buffer
	if err := Run(context.Background(), append([]string{"simulate", "--merge", "--json"}, parts...), &want, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, spelling := range []string{"--merge=true", "-merge=true", "-merge"} {
		var out bytes.Buffer
		err := Run(context.Background(), append([]string{"simulate", spelling, "--json"}, parts...), &out, io.Discard)
		if err != nil || out.String() != want.String() {
			t.Errorf("%s: error %v, output the same as --merge's: %v", spelling, err, out.String() == want.String())
		}
	}
	err := Run(context.Background(), append([]string{"simulate", "--model", "bussemaker", "mitchell:3"}, parts...), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "want 1 argument(s), got 3") {
		t.Errorf("a movement and two more: error %v", err)
	}
}
