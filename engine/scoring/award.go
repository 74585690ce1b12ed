package scoring

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
