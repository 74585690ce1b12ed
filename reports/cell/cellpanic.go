package cell

import "fmt"

// RunCell runs one cell; a panic inside it (a defect, or a cached result
// that slipped past its checks) becomes the cell's error, so one cell never
// crashes a run of many studies. Run adds the study and the cell to it.
func RunCell(body Body, env *Env) (out *Output, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("internal error, please report it: %v", r)
		}
	}()
	return body.Run(env)
}
