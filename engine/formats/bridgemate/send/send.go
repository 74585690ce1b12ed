// Package send posts a movement's records (engine/formats/bridgemate) to
// the Bridgemate Data Connector over HTTP: the tool's one HTTP client,
// named for what it does (the preview server is its one HTTP server).
package send

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/bridgereport/bridgereport/engine/formats/bridgemate"
)

// ScoringProgramRequest is a request to the Bridgemate Data Connector's
// http interface, which the movement command's --send speaks (its
// developers' guide, Http.md and Overviewofcommunication.md): posted
// as JSON to {base}/dc-scoringprogram, its SerializedData the DTO as JSON
// again; the answer a ScoringProgramResponse whose DataType 1 is OK and 4
// an error (ErrorType says which, SerializedData is a string).
type ScoringProgramRequest struct {
	Command        int    `json:"Command"`
	ClubId         string `json:"ClubId"`
	LicenceKey     string `json:"LicenceKey"`
	SessionGuid    string `json:"SessionGuid"`
	SerializedData string `json:"SerializedData"`
}

// ScoringProgramResponse is the Data Connector's answer.
type ScoringProgramResponse struct {
	RequestCommand int    `json:"RequestCommand"`
	DataType       int    `json:"DataType"`
	ErrorType      int    `json:"ErrorType"`
	SessionGuid    string `json:"SessionGuid"`
	SerializedData string `json:"SerializedData"`
}

// Data Connector constants: the UpdateMovement command, the OK and Error
// data types.
const (
	CommandUpdateMovement = 6
	DataTypeOK            = 1
	DataTypeError         = 4
)

// client is the HTTP client of every request: a Data Connector on the
// club's network answers in milliseconds, one that does not within 30
// seconds is not there.
var client = &http.Client{Timeout: 30 * time.Second}

// UpdateMovement posts a section to the Data Connector at base as an
// UpdateMovement (a section that does not exist yet is added; an update
// from a round keeps the rounds before it); the error says what went wrong
// or what the Data Connector answered instead of OK.
func UpdateMovement(ctx context.Context, base, clubID, licence string, sec bridgemate.Section) error {
	url := strings.TrimRight(base, "/") + "/dc-scoringprogram"
	data, err := json.Marshal(sec)
	if err != nil {
		return err
	}
	body, err := json.Marshal(ScoringProgramRequest{Command: CommandUpdateMovement, ClubId: clubID, LicenceKey: licence,
		SessionGuid: sec.SessionGuid, SerializedData: string(data)})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	resp.Body.Close()
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("section %s: http %s", sec.Letters, resp.Status)
	}
	var answer ScoringProgramResponse
	if err := json.Unmarshal(raw, &answer); err != nil {
		return fmt.Errorf("section %s: the answer is not a ScoringProgramResponse: %v", sec.Letters, err)
	}
	switch answer.DataType {
	case DataTypeOK:
		return nil
	case DataTypeError:
		return fmt.Errorf("section %s: the Data Connector answered error %d: %s", sec.Letters, answer.ErrorType, answer.SerializedData)
	}
	return fmt.Errorf("section %s: unexpected answer (data type %d)", sec.Letters, answer.DataType)
}
