package catalogue

// The rule that turns a ranked list of candidates (For) into a
// recommendation and the choices of --pick: a candidate fits when it
// breaks no bound and its rounds fit the board range; the recommendation
// is the first that fits, and the k-th pick the k-th that fits. It works
// on Candidate and on any view of one that keeps its Excluded and
// InRange (the catalogue cell's cached rows), so that there is one rule.
// Why nothing fits, in words, is the caller's to say.

// Fits is the rule's test of one candidate: within the bounds (excluded
// says which it breaks, "" for none) and with rounds that fit the board
// range.
func Fits(excluded string, inRange bool) bool { return excluded == "" && inRange }

// Fits reports whether the candidate fits (the package function Fits).
func (c Candidate) Fits() bool { return Fits(c.Excluded, c.InRange()) }

// Fitter is a candidate as the rule sees it.
type Fitter interface{ Fits() bool }

// Recommend is the index of the recommendation of a ranked list of
// candidates: the first that fits; -1 when none does.
func Recommend[C Fitter](cs []C) int {
	for i, c := range cs {
		if c.Fits() {
			return i
		}
	}
	return -1
}

// Within lists the candidates that fit, in rank order: those Pick
// chooses from.
func Within[C Fitter](cs []C) []C {
	var out []C
	for _, c := range cs {
		if c.Fits() {
			out = append(out, c)
		}
	}
	return out
}

// Pick returns the k-th (from 1) candidate that fits; ok is false when
// there is none, k out of the range of Within's.
func Pick[C Fitter](cs []C, k int) (c C, ok bool) {
	within := Within(cs)
	if k < 1 || k > len(within) {
		return c, false
	}
	return within[k-1], true
}
