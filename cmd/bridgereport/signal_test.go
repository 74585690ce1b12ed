package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the test binary stand in for bridgereport: with
// BRIDGEREPORT_AS_MAIN set it runs main with the arguments after "--", so
// that a test can send a real signal to a real process; and testscript
// installs it as the bridgereport command of the scenario scripts.
func TestMain(m *testing.M) {
	if os.Getenv("BRIDGEREPORT_AS_MAIN") == "1" {
		for i, a := range os.Args {
			if a == "--" {
				os.Args = append([]string{"bridgereport"}, os.Args[i+1:]...)
				break
			}
		}
		main()
		return
	}
	// The scenario scripts run the test binary as bridgereport.
	testscript.Main(m, map[string]func(){"bridgereport": main})
}

// mainCommand is bridgereport in a process of its own, not started.
func mainCommand(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), "BRIDGEREPORT_AS_MAIN=1")
	cmd.Dir = dir
	return cmd
}

// startMain starts bridgereport in a process of its own.
func startMain(t *testing.T, dir string, args ...string) (*exec.Cmd, *strings.Builder) {
	t.Helper()
	cmd := mainCommand(dir, args...)
	var stderr strings.Builder
	cmd.Stdout, cmd.Stderr = nil, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &stderr
}

// bigUSEBIO writes a USEBIO file of two sections of a 499-table Mitchell
// (1,996 pairs), 13 rounds of one board each: seconds of analysis.
func bigUSEBIO(t *testing.T, path string) {
	t.Helper()
	const T, R = 499, 26 // long enough to be interrupted on a quiet machine
	rng := rand.New(rand.NewPCG(3, 4))
	scores := []int{-200, -100, -50, 90, 110, 120, 140, 420, 450}
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\"?>\n<USEBIO Version=\"1.2\">\n <EVENT EVENT_TYPE=\"PAIRS\">\n  <EVENT_DESCRIPTION>Invented Marathon Pairs</EVENT_DESCRIPTION>\n  <BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>\n  <SESSION>\n   <SESSION_NUMBER>1</SESSION_NUMBER>\n")
	for _, sec := range []string{"A", "B"} {
		fmt.Fprintf(&b, "   <SECTION SECTION_ID=%q>\n", sec)
		for r := 1; r <= R; r++ {
			fmt.Fprintf(&b, "    <BOARD>\n     <BOARD_NUMBER>%d</BOARD_NUMBER>\n", r)
			for tb := 1; tb <= T; tb++ {
				// The board of round r goes to table t's EW pair of that round.
				ew := T + 1 + ((tb-r)%T+T)%T
				fmt.Fprintf(&b, "     <TRAVELLER_LINE><NS_PAIR_NUMBER>%d</NS_PAIR_NUMBER><EW_PAIR_NUMBER>%d</EW_PAIR_NUMBER><SCORE>%d</SCORE></TRAVELLER_LINE>\n",
					tb, ew, scores[rng.IntN(len(scores))])
			}
			b.WriteString("    </BOARD>\n")
		}
		b.WriteString("   </SECTION>\n")
	}
	b.WriteString("  </SESSION>\n </EVENT>\n</USEBIO>\n")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestInterruptExits130: each long command, sent SIGINT (or SIGTERM) while
// it reads, computes or prints, exits 130 within 3 s and writes no output
// file. Printing is tested with a pipe nobody reads: the write blocks until
// the run gives up.
// startedCPU is CPU time that a process of the test binary has used only
// once it runs main: the runtime's start and the packages' init take about
// 10 ms.
const startedCPU = 30 * time.Millisecond

func TestInterruptExits130(t *testing.T) {
	if testing.Short() {
		t.Skip("starts long commands")
	}
	dir := t.TempDir()
	bigUSEBIO(t, filepath.Join(dir, "marathon.xml"))
	if err := os.WriteFile(filepath.Join(dir, "many.xml"), bigSession(2000, "sections", true), 0o644); err != nil {
		t.Fatal(err)
	}
	writeStudy(t, filepath.Join(dir, "long.yaml"), "title: Long\nmovements:\n  m: {mitchell: 7}\ncells:\n  - bussemaker: {id: luck, movement: m, method: sample, samples: 200000000}\n")
	// A study whose build takes about 0.2 s of CPU (more than startedCPU, so
	// that the signal comes once main runs), after which preview is idle.
	writeStudy(t, filepath.Join(dir, "short.yaml"), "title: Short\nmovements:\n  m: {mitchell: 201}\ncells:\n  - balance: {id: b, rows: [{movement: m}], columns: [qf1_av]}\n")
	// computing is well into a long computation (a process starts in about
	// 50 ms), which runs on every core until the signal.
	const computing = 600 * time.Millisecond
	cases := []struct {
		args    []string
		sig     syscall.Signal
		wait    time.Duration
		blocked bool // stdout a pipe nobody reads
	}{
		{[]string{"movement", "-o", "out.asc", "mitchell:301"}, syscall.SIGINT, 300 * time.Millisecond, false},
		{[]string{"optimize", "--iterations", "1000000", "--restarts", "10000", "-o", "out.asc", "mitchell:15"}, syscall.SIGINT, computing, false},
		{[]string{"optimize", "--iterations", "1000000", "--restarts", "10000", "mitchell:15"}, syscall.SIGTERM, computing, false},
		{[]string{"score", "marathon.xml"}, syscall.SIGINT, 50 * time.Millisecond, false},  // reading
		{[]string{"score", "marathon.xml"}, syscall.SIGINT, 300 * time.Millisecond, false}, // analysing
		{[]string{"score", "many.xml"}, syscall.SIGINT, 3 * time.Second, true},             // printing, blocked
		{[]string{"score", "--json", "many.xml"}, syscall.SIGTERM, 3 * time.Second, true},  // printing JSON, blocked
		{[]string{"run", "--no-cache", "-o", "out", "long.yaml"}, syscall.SIGINT, computing, false},
		{[]string{"simulate", "--model", "bussemaker", "--samples", "200000000", "mitchell:7"}, syscall.SIGINT, computing, false},
		{[]string{"catalogue", "--pairs", "59"}, syscall.SIGINT, 200 * time.Millisecond, false},
		// Ctrl-C is preview's usual end, once it serves (it exited 0).
		{[]string{"preview", "--port", "0", "short.yaml"}, syscall.SIGINT, 2 * time.Second, false},
		{[]string{"preview", "--port", "0", "long.yaml"}, syscall.SIGTERM, computing, false}, // its first build
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " ")+" "+c.sig.String(), func(t *testing.T) {
			os.Remove(filepath.Join(dir, "out.asc"))
			os.RemoveAll(filepath.Join(dir, "out"))
			cmd, stderr, pipe := startMainPiped(t, dir, c.blocked, c.args...)
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			// A blocked print is signalled once the pipe is full (where the
			// system tells, else after c.wait): the command then waits on
			// its write, which is what the case tests.
			if _, known := pipeFull(pipe); c.blocked && known {
				for deadline := time.Now().Add(30 * time.Second); ; {
					if full, _ := pipeFull(pipe); full {
						break
					}
					if time.Now().After(deadline) {
						cmd.Process.Kill()
						<-done
						t.Fatalf("the output pipe was not full after 30 s: the case no longer tests a blocked print\n%s", stderr)
					}
					select {
					case err := <-done:
						t.Fatalf("finished before the signal (%v): the test no longer tests an interruption\n%s", err, stderr)
					case <-time.After(20 * time.Millisecond):
					}
				}
			} else {
				select {
				case err := <-done:
					t.Fatalf("finished before the signal (%v): the test no longer tests an interruption\n%s", err, stderr)
				case <-time.After(c.wait):
				}
				// On a loaded machine c.wait may pass before main has
				// installed its handler, and the signal would kill the
				// process as the default does: wait until it has run.
				for deadline := time.Now().Add(30 * time.Second); ; {
					used, known := cpuTime(cmd.Process.Pid)
					if !known || used >= startedCPU {
						break
					}
					if time.Now().After(deadline) {
						cmd.Process.Kill()
						<-done
						t.Fatalf("used %v of CPU in 30 s: the command did not start\n%s", used, stderr)
					}
					select {
					case err := <-done:
						t.Fatalf("finished before the signal (%v): the test no longer tests an interruption\n%s", err, stderr)
					case <-time.After(5 * time.Millisecond):
					}
				}
			}
			cmd.Process.Signal(c.sig)
			signalled := time.Now()
			select {
			case err := <-done:
				var exit *exec.ExitError
				if !errors.As(err, &exit) || exit.ExitCode() != 130 {
					t.Errorf("exit %v, want 130\n%s", err, stderr)
				}
				// A blocked print is cut short at once, not after the grace
				// that a computation gets to stop by itself.
				if waited := time.Since(signalled); c.blocked && waited >= interruptGrace {
					t.Errorf("exited %v after %v, want before the grace of %v", c.sig, waited, interruptGrace)
				}
			case <-time.After(3 * time.Second):
				cmd.Process.Kill()
				<-done
				t.Fatalf("still running 3 s after %v\n%s", c.sig, stderr)
			}
			if pipe != nil {
				pipe.Close()
			}
			if _, err := os.Stat(filepath.Join(dir, "out.asc")); err == nil {
				t.Errorf("an interrupted run wrote out.asc")
			}
			if _, err := os.Stat(filepath.Join(dir, "out", "long", "index.html")); err == nil {
				t.Errorf("an interrupted run wrote its report")
			}
		})
	}
}

// startMainPiped is startMain whose stdout, when blocked, is a pipe that
// nobody reads (the returned end, to close), so that printing blocks.
func startMainPiped(t *testing.T, dir string, blocked bool, args ...string) (*exec.Cmd, *strings.Builder, *os.File) {
	t.Helper()
	if !blocked {
		cmd, stderr := startMain(t, dir, args...)
		return cmd, stderr, nil
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := mainCommand(dir, args...)
	var stderr strings.Builder
	cmd.Stdout, cmd.Stderr = w, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	return cmd, &stderr, r
}

// TestOptimizeRefusedAtOnce: a search of about 20 hours without --time is
// refused before it starts, with the estimate and what to do, exit 2.
func TestOptimizeRefusedAtOnce(t *testing.T) {
	start := time.Now()
	_, _, err := run(t, "optimize", "--iterations", "9000000000", "--restarts", "64", "mitchell:15")
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the refusal took %v", d)
	}
	var stderr strings.Builder
	if code := exitCode(err, &stderr); code != exitBad {
		t.Errorf("exit %d, want %d", code, exitBad)
	}
	for _, want := range []string{"about 20 hours at 8 M switches a second", "give --time, or fewer --iterations or --restarts"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("message %q lacks %q", stderr.String(), want)
		}
	}
}

// TestOptimizeExhaustiveRefusedAtOnce: an enumeration of days is refused
// with the flag that shortens it (fewer iterations would not), and the
// command named once.
func TestOptimizeExhaustiveRefusedAtOnce(t *testing.T) {
	_, _, err := run(t, "optimize", "--exhaustive-bits", "60", "mitchell:7")
	var stderr strings.Builder
	if code := exitCode(err, &stderr); code != exitBad {
		t.Errorf("exit %d, want %d", code, exitBad)
	}
	msg := stderr.String()
	if !strings.Contains(msg, "every orientation of") || !strings.Contains(msg, "give --time, or a smaller --exhaustive-bits") {
		t.Errorf("message %q does not give the enumeration and --exhaustive-bits", msg)
	}
	if strings.Count(msg, "optimize:") != 1 || strings.Contains(msg, "--iterations") {
		t.Errorf("message %q names optimize more than once, or --iterations", msg)
	}
}
