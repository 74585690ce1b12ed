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
