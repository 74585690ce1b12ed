// Package send posts a movement's records (engine/formats/bridgemate) to
// the Bridgemate Data Connector over HTTP: the tool's one HTTP client,
// named for what it does (the preview server is its one HTTP server).
package send

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
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

// DefaultTimeout is how long UpdateMovement waits for an answer when not
// told: a Data Connector on the club's network answers in milliseconds,
// and a director at the table should not wait half a minute to learn that
// the address is wrong.
const DefaultTimeout = 5 * time.Second

// CheckAddress says whether base can be the Data Connector's address: an
// http or https address with a host.
func CheckAddress(base string) error {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%q is no address of a Data Connector: give one such as http://192.168.1.20:5079", base)
	}
	return nil
}

// UpdateMovement posts a section to the Data Connector at base as an
// UpdateMovement (a section that does not exist yet is added; an update
// from a round keeps the rounds before it), waiting at most timeout for
// the answer (0: DefaultTimeout); the error says in words what went wrong
// (a connection refused or not answered, with what to check) or what the
// Data Connector answered instead of OK.
func UpdateMovement(ctx context.Context, base, clubID, licence string, sec bridgemate.Section, timeout time.Duration) error {
	if err := CheckAddress(base); err != nil {
		return err
	}
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	client := &http.Client{Timeout: timeout}
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
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("section %s: %s", sec.Letters, connectionProblem(err, req.URL.Host, timeout))
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

// connectionProblem says in words why the Data Connector at host could not
// be reached, and what to check.
func connectionProblem(err error, host string, timeout time.Duration) string {
	var dns *net.DNSError
	var ne net.Error
	switch {
	case errors.As(err, &dns):
		return fmt.Sprintf("no computer is known by the name %s: check the address", dns.Name)
	case errors.Is(err, syscall.ECONNREFUSED):
		return fmt.Sprintf("%s refused the connection: nothing listens on that port; is the Bridgemate Data Connector running there, and is the port right?", host)
	case errors.As(err, &ne) && ne.Timeout():
		return fmt.Sprintf("no answer from %s within %s: is that computer on and on this network, and does its firewall let the port through? (--timeout waits longer)", host, timeout)
	case errors.Is(err, syscall.EHOSTUNREACH) || errors.Is(err, syscall.ENETUNREACH):
		return fmt.Sprintf("%s cannot be reached from this computer: check the network and the address", host)
	}
	return fmt.Sprintf("the connection to %s failed: %v", host, err)
}
