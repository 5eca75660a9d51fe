# ngrok/ngrok v0.8.0: the agents and access types that issue 21 adds to tfedge/ngrok after the keys:
# service users, agent ingresses, TCP addresses (tfedge/ngrok's ngrok_reserved_addr), IP restrictions (with
# the IP policy they name) and certificate authorities.
terraform {
  required_providers {
    ngrok = {
      source  = "ngrok/ngrok"
      version = "0.8.0"
    }
  }
}

# api_key and api_base_url come from NGROK_API_KEY and NGROK_API_BASE_URL.
provider "ngrok" {}

# ---- Service users: active by default, and deactivated -------------------------------------------
resource "ngrok_service_user" "ci" {
  name = "ci-pipeline"
}

resource "ngrok_service_user" "retired" {
  name   = "retired-service"
  active = false
}

# ---- Agent ingresses: with a managed certificate, and without -----------------------------------
resource "ngrok_agent_ingress" "connect" {
  domain      = "connect.fixture080.example.com"
  description = "Agents of the office network"
  metadata    = jsonencode({ team = "platform" })
  certificate_management_policy = {
    authority        = "letsencrypt"
    private_key_type = "ecdsa"
  }
}

resource "ngrok_agent_ingress" "plain" {
  domain = "agents.fixture080.example.com"
}

# ---- TCP addresses: in a region, and in the default one ---------------------------------------
resource "ngrok_tcp_address" "ssh" {
  description = "Bastion SSH"
  metadata    = jsonencode({ service = "ssh" })
  region      = "eu"
}

resource "ngrok_tcp_address" "db" {
  description = "Postgres"
}

# ---- IP restrictions: enforced, and reporting only ---------------------------------------------
resource "ngrok_ip_policy" "office" {
  description = "Office networks"
}

resource "ngrok_ip_restriction" "dashboard" {
  type          = "dashboard"
  enforced      = true
  description   = "Dashboard from the office only"
  ip_policy_ids = [ngrok_ip_policy.office.id]
}

resource "ngrok_ip_restriction" "agent" {
  type          = "agent"
  ip_policy_ids = [ngrok_ip_policy.office.id]
}

# ---- Certificate authorities (mutual TLS) -------------------------------------------------------
resource "ngrok_certificate_authority" "clients" {
  description = "Client certificates of the office laptops"
  metadata    = jsonencode({ team = "security" })
  ca_pem      = <<-PEM
    -----BEGIN CERTIFICATE-----
    MIIBwTCCAWegAwIBAgIUNZKECzFvT6uxNDGSMRC+/wn2VuwwCgYIKoZIzj0EAwIw
    LjEQMA4GA1UECgwHRml4dHVyZTEaMBgGA1UEAwwRRml4dHVyZSBDbGllbnQgQ0Ew
    HhcNMjYxMTI1MTI1MTE5WhcNMzYxMTIyMTI1MTE5WjAuMRAwDgYDVQQKDAdGaXh0
    dXJlMRowGAYDVQQDDBFGaXh0dXJlIENsaWVudCBDQTBZMBMGByqGSM49AgEGCCqG
    SM49AwEHA0IABGoFYwGta5HEh3Y1MZhFMilRf/PsbVBVGoCjnZhG9jiHtMCgxW2F
    28KNSUzW3zVXHMpUp0U4XxczxXPWQr0MlwOjYzBhMB0GA1UdDgQWBBR35+RHHAXG
    PT0vD2fnynfnG5ZHYzAfBgNVHSMEGDAWgBR35+RHHAXGPT0vD2fnynfnG5ZHYzAP
    BgNVHRMBAf8EBTADAQH/MA4GA1UdDwEB/wQEAwIBBjAKBggqhkjOPQQDAgNIADBF
    AiAOOCgL5koaDZ3WGtctdoMSEH9unr+b+rE4khR0mxhCigIhANBRxbP9yYGdhHuT
    iJ+DvQU+/Cm0B7SiM6MNdX/4PREa
    -----END CERTIFICATE-----
  PEM
}
