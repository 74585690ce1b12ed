package cell

import (
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
)

func TestFlatChartsBecomeASentence(t *testing.T) {
	flat := &reports.Chart{ID: "f", Caption: "Qf of perfect movements", Kind: "bar", XLabels: []string{"a", "b", "c"}, Series: []reports.Series{{Name: "qf", Values: []float64{100, 100, 100}}}}
	varied := &reports.Chart{ID: "v", Kind: "bar", XLabels: []string{"a", "b"}, Series: []reports.Series{{Name: "qf", Values: []float64{100, 92}}}}
	out := FlattenCharts([]reports.Block{{Chart: flat}, {Chart: varied}})
	if len(out) != 2 || out[0].Chart != nil || !strings.Contains(out[0].Prose, "all 3 values are 100") || out[1].Chart != varied {
		t.Errorf("blocks: %+v", out)
	}
}
