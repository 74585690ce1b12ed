package kinds

import (
	"os"
	"testing"

	"github.com/bridgereport/bridgereport/reports/browser/browsertest"
)

// TestMain closes the browser the card tests share.
func TestMain(m *testing.M) { os.Exit(browsertest.Run(m)) }
