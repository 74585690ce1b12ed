package scoring

// A reader outside this package (engine/formats/...) builds a Session with
// the same three steps ReadUSEBIO and ReadPBN use: AddLine for each
// traveller line, Warn for each mistake of the file that does not stop the
// reading, Finish once at the end.

// AddLine adds a traveller line to board n, whose results start at
// boardLine of the file; lines of the same board number (a board written
// once per section, or once per round) are merged.
func (s *Session) AddLine(n, boardLine int, l TravellerLine) { s.addLine(n, boardLine, l) }

// Warn notes a mistake of the file, of a kind ("score", "contract", …),
// at a line (0: the file as a whole). Only the first ShownPerKind of each
// kind are kept; WarningTally counts them all.
func (s *Session) Warn(file string, line int, kind, format string, args ...any) {
	s.warn(file, line, kind, format, args...)
}

// Finish sorts the boards, checks each score against its contract, tells
// whether pairs are numbered per direction, checks that no pair plays a
// board twice and that every traveller names a listed pair (or lists the
// pairs from the travellers when the file lists none). Its error is an
// *engine.ParseError naming the line.
func (s *Session) Finish(name string) error { return s.finish(name) }

// Award is a masterpoint award as the file prints it: read and shown,
// never recomputed.
type Award struct {
	// Points is the award, Colour its pigmentation when the file says
	// ("black", "silver", "red", "gold", "platinum"; "" when it does not),
	// Reason what it was won for as the file writes it ("A" for a rank in
	// strat A, "OA" for an overall one, "" when it does not say).
	Points float64 `json:"points"`
	Colour string  `json:"colour,omitempty"`
	Reason string  `json:"reason,omitempty"`
}
