package cache

// Expensive says how a run treats the cells whose results take minutes to
// compute (an exact Bussemaker run of a 14-pair field). Their results can
// be kept in a folder committed with the studies, so that the studies'
// tests read them instead of computing them; the key is the cell cache's
// (engine version, cell, movements, settings), so an edit of any of these
// misses. The zero value computes them like any cell.
type Expensive struct {
	// Dir holds committed results under Dir/<study>/cells, read before
	// the cell cache; "" for none.
	Dir string
	// Refuse makes a miss in Dir an error instead of a computation of
	// minutes (the studies' short tests).
	Refuse bool
	// Write stores the results computed on a miss into Dir.
	Write bool
	Study string
}

func (x Expensive) ForStudy(name string) Expensive {
	x.Study = name
	return x
}
