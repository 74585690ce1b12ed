package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/formats/bridgemate"
	"github.com/bridgereport/bridgereport/engine/formats/bridgemate/send"
)

// TestSendBridgemate posts a movement to a local stand-in for the Data
// Connector: one UpdateMovement request a section, the section's records
// as the request's SerializedData; an error answer is an error.
func TestSendBridgemate(t *testing.T) {
	var got []send.ScoringProgramRequest
	fail := false
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/dc-scoringprogram" || r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/json" {
			http.Error(w, "wrong endpoint", http.StatusNotFound)
			return
		}
		body, _ := io.ReadAll(r.Body)
		var req send.ScoringProgramRequest
		if err := json.Unmarshal(body, &req); err != nil {
			t.Errorf("request: %v", err)
		}
		got = append(got, req)
		answer := send.ScoringProgramResponse{RequestCommand: req.Command, DataType: send.DataTypeOK, SessionGuid: req.SessionGuid}
		if fail {
			answer.DataType, answer.ErrorType, answer.SerializedData = send.DataTypeError, 5, "round 3: pair 9 twice"
		}
		json.NewEncoder(w).Encode(answer)
	}))
	defer srv.Close()
	var stdout, stderr bytes.Buffer
	args := []string{"movement", "sections:mitchell:7/mitchell:7", "--boards-per-round", "4", "--format", "bridgemate",
		"--send", srv.URL, "--club-id", "INVENTED", "--licence-key", "K"}
	if err := Run(context.Background(), args, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	if len(got) != 2 || got[0].Command != send.CommandUpdateMovement || got[0].ClubId != "INVENTED" || got[0].LicenceKey != "K" {
		t.Fatalf("requests %+v", got)
	}
	var sec bridgemate.Section
	if err := json.Unmarshal([]byte(got[1].SerializedData), &sec); err != nil || sec.Letters != "B" || len(sec.Tables) != 7 || sec.SessionGuid != got[1].SessionGuid {
		t.Errorf("section B: %+v (%v)", sec, err)
	}
	if !strings.Contains(stdout.String(), "section B: 7 tables sent") {
		t.Errorf("stdout %q", stdout.String())
	}
	fail = true
	if err := Run(context.Background(), args, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), "pair 9 twice") {
		t.Errorf("an error answer gave %v", err)
	}
}

// TestSendSaysWhatIsWrong: a Data Connector that does not answer within
// --timeout (the error says the wait it gave up after), a port nobody
// listens on, an address that is none are errors in words, not Go errors.
func TestSendSaysWhatIsWrong(t *testing.T) {
	hang := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-hang }))
	defer slow.Close()
	defer close(hang)
	closed := httptest.NewServer(http.NotFoundHandler())
	closedURL := closed.URL
	closed.Close()
	for _, c := range []struct {
		url, want string
	}{
		{slow.URL, "no answer from " + strings.TrimPrefix(slow.URL, "http://") + " within 300ms"},
		{closedURL, "refused the connection"},
		{"ftp://example", "is no address of a Data Connector"},
	} {
		_, _, err := run(t, "movement", "mitchell:5", "--boards-per-round", "2", "--format", "bridgemate", "--session-guid", testGuid,
			"--send", c.url, "--timeout", "300ms")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("--send %s: %v, want %q", c.url, err, c.want)
		}
	}
}
