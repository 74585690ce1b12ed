// Package resolve turns the movements a study or a command names into
// movements: a one-line spec (howell:13, mitchell:7,switch=2), a library name,
// a .ASC file, inline .ASC text or a generator, then the transforms a study
// lists (arrow switches, an absent pair, an optimisation whose result is
// cached by content). Set is a study's named movements; ResolveMovement is
// one command-line MOVEMENT.
package resolve
