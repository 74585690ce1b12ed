package send

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/formats/bridgemate"
)

// Each way a Data Connector can refuse is an error that names the section
// and says what came back.
func TestUpdateMovementAnswers(t *testing.T) {
	sec := bridgemate.Section{Letters: "C", SessionGuid: strings.Repeat("A", 32)}
	for _, c := range []struct {
		name   string
		answer func(w http.ResponseWriter, req ScoringProgramRequest)
		want   string // "" for no error
	}{
		{"ok", func(w http.ResponseWriter, req ScoringProgramRequest) {
			json.NewEncoder(w).Encode(ScoringProgramResponse{RequestCommand: req.Command, DataType: DataTypeOK})
		}, ""},
		{"error answer", func(w http.ResponseWriter, req ScoringProgramRequest) {
			json.NewEncoder(w).Encode(ScoringProgramResponse{DataType: DataTypeError, ErrorType: 3, SerializedData: "no such club"})
		}, "section C: the Data Connector answered error 3: no such club"},
		{"other data type", func(w http.ResponseWriter, req ScoringProgramRequest) {
			json.NewEncoder(w).Encode(ScoringProgramResponse{DataType: 9})
		}, "section C: unexpected answer (data type 9)"},
		{"not json", func(w http.ResponseWriter, req ScoringProgramRequest) {
			w.Write([]byte("<html>"))
		}, "section C: the answer is not a ScoringProgramResponse"},
		{"http error", func(w http.ResponseWriter, req ScoringProgramRequest) {
			http.Error(w, "down", http.StatusServiceUnavailable)
		}, "section C: http 503"},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				var req ScoringProgramRequest
				if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Command != CommandUpdateMovement || req.SessionGuid != sec.SessionGuid || req.ClubId != "CLUB" {
					t.Errorf("request %+v (%v)", req, err)
				}
				c.answer(w, req)
			}))
			defer srv.Close()
			err := UpdateMovement(context.Background(), srv.URL+"/", "CLUB", "KEY", sec, 0)
			switch {
			case c.want == "" && err != nil:
				t.Errorf("err = %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Errorf("err = %v, want %q", err, c.want)
			}
		})
	}
}
