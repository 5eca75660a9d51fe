locals {
  web_1 = provider::ngrok::ssh_certificate_info(ngrok_ssh_host_certificate.web_1.certificate)
}

# Fail the run (as a warning) when the certificate is not what clients need.
check "web_1_host_certificate" {
  assert {
    condition     = local.web_1.type == "host" && contains(local.web_1.principals, "web-1.example.com")
    error_message = "web-1's certificate must be a host certificate for web-1.example.com."
  }
  assert {
    condition     = local.web_1.valid_before == null || timecmp(local.web_1.valid_before, timeadd(plantimestamp(), "720h")) > 0
    error_message = "web-1's host certificate expires within 30 days: change valid_until to renew it."
  }
}

output "web_1_certificate" {
  value = {
    key_id      = local.web_1.key_id
    serial      = local.web_1.serial
    valid_until = local.web_1.valid_before
    signed_by   = local.web_1.signing_ca_fingerprint
  }
}
