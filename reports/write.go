package reports

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
)

// WriteStudyOutputs writes index.html, index.md and results.json of a study
// into outDir/<study>/. Each file is rendered in memory first and then
// replaces the old one by rename, so a report is never half-written.
func WriteStudyOutputs(outDir string, r *Result, echartsJS string) (string, error) {
	var html, md, js bytes.Buffer
	if err := WriteHTML(&html, r, echartsJS); err != nil {
		return "", fmt.Errorf("%s: html: %w", r.Study.Path, err)
	}
	if err := WriteMarkdown(&md, r); err != nil {
		return "", fmt.Errorf("%s: markdown: %w", r.Study.Path, err)
	}
	if err := WriteResultsJSON(&js, r); err != nil {
		return "", fmt.Errorf("%s: results.json: %w", r.Study.Path, err)
	}
	dir := filepath.Join(outDir, r.Study.Name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	for name, data := range map[string][]byte{"index.html": html.Bytes(), "index.md": md.Bytes(), "results.json": js.Bytes()} {
		if err := WriteFileAtomic(filepath.Join(dir, name), data); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// WriteFileAtomic writes data to a temporary file beside path and renames it
// over path.
func WriteFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(tmp, 0o644)
	}
	if werr == nil {
		werr = os.Rename(tmp, path)
	}
	if werr != nil {
		os.Remove(tmp)
	}
	return werr
}
