package kinds

import (
	"math"
	"strings"
	"testing"
)

// A session's length in hours is the same session in minutes, and the
// ways of giving it exclude each other, in a study as on the command line.
func TestCatalogueSessionLength(t *testing.T) {
	inHours, err := (&CatalogueCell{Pairs: IntRange{13, 13}, Hours: 2.5}).settings()
	if err != nil {
		t.Fatal(err)
	}
	inMinutes, err := (&CatalogueCell{Pairs: IntRange{13, 13}, Minutes: 150}).settings()
	if err != nil {
		t.Fatal(err)
	}
	if inHours.MinBoards != inMinutes.MinBoards || inHours.MaxBoards != inMinutes.MaxBoards || inHours.MaxBoards != 150/DefaultMinutesPerBoard {
		t.Errorf("2.5 hours: %+v; 150 minutes: %+v", inHours, inMinutes)
	}
	for _, c := range []struct {
		cell CatalogueCell
		want string
	}{
		{CatalogueCell{Hours: math.NaN()}, "hours: NaN: want the session's length"},
		{CatalogueCell{Hours: 25}, "at most 24 hours"},
		{CatalogueCell{Hours: 2, Minutes: 120}, "hours and minutes both give"},
		{CatalogueCell{Hours: 2, Boards: IntRange{20, 24}}, "boards and hours both give"},
		{CatalogueCell{Minutes: 120, Boards: IntRange{20, 24}}, "boards and minutes both give"},
		{CatalogueCell{Minutes: 5}, "a session of 5 minutes at 7 minutes a board holds no board"},
	} {
		c.cell.Pairs = IntRange{13, 13}
		if _, err := c.cell.settings(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.cell, err, c.want)
		}
	}
}

// Counts agree with their nouns in the answer's words: a session of one
// board (--boards 1), one board a round or one minute said "1 boards",
// "1 minutes".
func TestCatalogueCountsTheirNouns(t *testing.T) {
	one := []CatalogueCandidate{{Name: "howell:13", Rounds: 6, Tables: 6, NearestBoardsPerRound: 1}}
	texts := []string{nothingFits(13, IntRange{1, 1}, one), nothingFits(13, IntRange{24, 28}, one)}
	if _, err := (&CatalogueCell{Pairs: IntRange{13, 13}, Hours: 0.01}).settings(); err != nil {
		texts = append(texts, err.Error())
	} else {
		t.Fatal("a session of a minute was taken")
	}
	for _, text := range texts {
		for _, wrong := range []string{" 1 boards", " 1 minutes", " 1 rounds"} {
			if strings.Contains(text, wrong) {
				t.Errorf("%q in %q", strings.TrimSpace(wrong), text)
			}
		}
	}
	for _, want := range []string{"fits 1 board within", "6 rounds of 1 board (6 in all)"} {
		if !strings.Contains(texts[0], want) {
			t.Errorf("%q not in %q", want, texts[0])
		}
	}
	if !strings.Contains(texts[1], "fits 24-28 boards within") {
		t.Errorf("the range lost its noun: %q", texts[1])
	}
}

// One pair playing the fewest boards is "the pair that sits out" (21
// pairs: "20: the 1 pairs that sit out 3 rounds").
func TestPlayedTextCountsPairs(t *testing.T) {
	c := CatalogueCandidate{Rounds: 13, BoardsPlayed: 26, BoardsPlayedLeast: 20, BoardsPlayedMost: 26}
	for _, x := range []struct {
		least, fewer int
		want         string
	}{
		{1, 12, "(20: the pair that sits out 3 rounds; 12 pairs play fewer than 26)"},
		{1, 1, "(20: the pair that sits out 3 rounds)"},
		{3, 3, "(20: the 3 pairs that sit out 3 rounds)"},
	} {
		c.PairsPlayingLeast, c.PairsPlayingFewer = x.least, x.fewer
		if got := playedText(c); !strings.HasSuffix(got, x.want) {
			t.Errorf("%d playing least, %d fewer: %q, want it to end %q", x.least, x.fewer, got, x.want)
		}
	}
}

// One board a round is "1 board a round" and "13 rounds of 1 board" in
// the answer's first sentences (--boards-per-round 1 --boards 13).
func TestCatalogueAnswerCountsOneBoard(t *testing.T) {
	a := &CatalogueAnswer{Pairs: 13, Boards: [2]int{13, 13}, BoardsPerRound: [2]int{1, 1}, MaxCopies: 1}
	if got := a.session(); !strings.Contains(got, "a session of 13 boards, 1 board a round,") {
		t.Errorf("session: %q", got)
	}
	one := []CatalogueCandidate{{Name: "howell:13", Rounds: 13, Tables: 7, InRange: true, BoardsPerRound: []int{1}, TotalBoards: []int{13}, Winners: 1}}
	if _, reason := recommend(13, IntRange{13, 13}, one); !strings.Contains(reason, "13 rounds of 1 board (13 in all)") {
		t.Errorf("recommend: %q", reason)
	}
}

// A session of one hour is "1 hour" ("1 hours at 7 minutes a board"
// for --pairs 6 --hours 1).
func TestDurationCountsItsNouns(t *testing.T) {
	for minutes, want := range map[int]string{1: "1 minute", 45: "45 minutes", 60: "1 hour", 61: "1 hour 1 minute", 90: "1½ hours",
		150: "2½ hours", 160: "2 hours 40 minutes", 120: "2 hours"} {
		if got := duration(minutes); got != want {
			t.Errorf("%d minutes: %q, want %q", minutes, got, want)
		}
	}
}
