package reports

import "strings"

// NaturalCompare compares two strings as people sort labels: runs of
// digits by their value, so "b/2" comes before "b/10"; the rest byte by
// byte. It returns -1, 0 or +1.
func NaturalCompare(a, b string) int {
	tie := 0 // leading zeros decide only when all else is equal: 7 before 007
	for a != "" && b != "" {
		da, db := digitRun(a), digitRun(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if len(na) != len(nb) {
				return sign(len(na) - len(nb))
			}
			if c := strings.Compare(na, nb); c != 0 {
				return c
			}
			if tie == 0 {
				tie = sign(da - db)
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return sign(int(a[0]) - int(b[0]))
		}
		a, b = a[1:], b[1:]
	}
	if c := sign(len(a) - len(b)); c != 0 {
		return c
	}
	return tie
}

func digitRun(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}
