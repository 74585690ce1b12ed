package catalogue

import (
	"github.com/bridgereport/bridgereport/engine/movement"
)

// Figures are the balance figures the catalogue ranks a movement by, as it
// is played and scored.
type Figures struct {
	Qf, Qf1av, Qf1max, Qo float64
	// Sections are each section's own figures, for a field played as
	// several (nil for one movement).
	Sections []SectionFigures
	// Across is the Qf of the whole field on shared boards (scored across
	// the field or not); 0 when each section has its own boards.
	Across float64
	// Uniform says every board group is played the same number of times
	// within what is scored as one field (each section, for sections
	// scored apart): otherwise the balance is not defined.
	Uniform bool
}

// Uniform says every board group of m is played the same number of
// times within what is scored as one field: the whole movement, or each
// section of sections scored apart (a section with a sit-out plays its
// sets fewer times than the other, and is balanced on its own).
func Uniform(m *movement.Movement) bool {
	if len(m.Sections) == 0 || m.Across {
		return movement.Describe(m).Uniform
	}
	for _, sec := range m.SplitSections() {
		if !movement.Describe(sec).Uniform {
			return false
		}
	}
	return true
}

// SectionFigures are one section's figures, as a movement of its own.
type SectionFigures struct {
	Pairs  int     `json:"pairs"`
	Tables int     `json:"tables"`
	Rounds int     `json:"rounds"`
	Qf     float64 `json:"qf"`
	Qf1av  float64 `json:"qf1_av"`
	Qf1max float64 `json:"qf1_max"`
	Qo     float64 `json:"qo"`
}

// Measure computes the figures of m. A movement of one section has its
// balance and vacancy figures (movement.ComputeBalance,
// movement.ComputeVacancy). A field played as sections scored across the
// field has the figures of the whole. Sections scored apart are separate
// fields: Qf pools them as Qf1av pools absences, 100·Σminsq/ΣSS over the
// sections (each section's S spread over its own pairs of pairs), so equal
// sections give their common Qf; Qf1av pools every absence of every
// section the same way; Qf1max is the larger of the sections'; Qo is the
// sections' Qo weighted by their pairs of pairs.
func Measure(m *movement.Movement) Figures {
	if len(m.Sections) == 0 || m.Across {
		b := movement.ComputeBalance(m)
		f := Figures{Qf: b.Qf, Qo: b.Qo, Uniform: Uniform(m)}
		if v, err := movement.ComputeVacancy(m); err == nil {
			f.Qf1av, f.Qf1max = v.Av, v.Max
		}
		if len(m.Sections) > 0 {
			f.Sections = sectionFigures(m)
			f.Across = b.Qf
		}
		return f
	}
	f := Figures{Sections: sectionFigures(m), Uniform: Uniform(m)}
	var minsq, ss, vMinsq, vSS, pairsOfPairs int64
	var qo float64
	for _, sec := range m.SplitSections() {
		b := movement.ComputeBalance(sec)
		minsq += movement.MinSumSquares(b.S, b.N)
		ss += b.SS
		qo += b.Qo * float64(b.N)
		pairsOfPairs += b.N
		if sec.Pairs < 3 {
			continue
		}
		var sumS, sumSS int64
		n1 := int64((sec.Pairs - 1) * (sec.Pairs - 2) / 2)
		for p := 1; p <= sec.Pairs; p++ {
			w, err := sec.WithoutPair(p)
			if err != nil {
				continue
			}
			wb := movement.ComputeBalance(w)
			sumS += wb.S
			sumSS += wb.SS
		}
		vMinsq += movement.MinSumSquares(sumS, int64(sec.Pairs)*n1)
		vSS += sumSS
	}
	// No competition at all (SS = 0) counts as perfect, as in
	// movement.QualityFactor.
	f.Qf, f.Qf1av = 100, 100
	if ss > 0 {
		f.Qf = 100 * float64(minsq) / float64(ss)
	}
	if vSS > 0 {
		f.Qf1av = 100 * float64(vMinsq) / float64(vSS)
	}
	if pairsOfPairs > 0 {
		f.Qo = qo / float64(pairsOfPairs)
	}
	for _, s := range f.Sections {
		f.Qf1max = max(f.Qf1max, s.Qf1max)
	}
	if m.SharedBoards {
		f.Across = movement.ComputeBalance(m).Qf
	}
	return f
}

func sectionFigures(m *movement.Movement) []SectionFigures {
	var out []SectionFigures
	for _, sec := range m.SplitSections() {
		b := movement.ComputeBalance(sec)
		s := SectionFigures{Pairs: sec.Pairs, Tables: sec.Tables, Rounds: sec.Rounds, Qf: b.Qf, Qo: b.Qo}
		if v, err := movement.ComputeVacancy(sec); err == nil {
			s.Qf1av, s.Qf1max = v.Av, v.Max
		}
		out = append(out, s)
	}
	return out
}
