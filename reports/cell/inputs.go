package cell

import (
	"github.com/bridgereport/bridgereport/reports/disk"
	"github.com/bridgereport/bridgereport/reports/load"
)

// Input resolves a file the cell names (see InputPath).
func (e *Env) Input(file string) (string, error) {
	return load.InputPath(e.Dir, file, e.AllowOutside)
}

// Read reads a file the cell names, of at most limit bytes.
func (e *Env) Read(file string, limit int64) ([]byte, error) {
	path, err := e.Input(file)
	if err != nil {
		return nil, err
	}
	return disk.ReadFile(path, limit)
}

// ReadText is read for a text input of the cell: a binary file is refused
// with a short message rather than its bytes.
func (e *Env) ReadText(file string) ([]byte, error) {
	data, err := e.Read(file, disk.MaxInputBytes)
	if err != nil {
		return nil, err
	}
	if err := load.CheckTextFile(file, data); err != nil {
		return nil, err
	}
	return data, nil
}
