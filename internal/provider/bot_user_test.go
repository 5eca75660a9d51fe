package provider

import (
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

func TestAccBotUser_basic(t *testing.T) {
	t.Parallel()
	testAccUserLifecycle(t, "ngrok_bot_user", "bot_", apiclient.BotUsers)
}
