# tfedge/ngrok's equivalent of main.tf (ngrok/ngrok v0.7.0): the same objects with
# the same values. The private key stays in private_key_pem, the sensitive
# attribute for configurations moved from ngrok/ngrok whose state holds it
# (new configurations use private_key_pem_wo and private_key_pem_wo_version,
# which keep it out of the state).

# ---- IP policies --------------------------------------------------------------------------------
resource "ngrok_ip_policy" "office" {
  description = "Office networks"
  metadata    = jsonencode({ team = "netops", site = "hq" })
}

resource "ngrok_ip_policy" "blocklist" {
  description = "Known bad ranges"
}

# ---- IP policy rules: allow and deny, IPv4 and IPv6, a host and networks -------------------------
resource "ngrok_ip_policy_rule" "office_v4" {
  ip_policy_id = ngrok_ip_policy.office.id
  cidr         = "203.0.113.0/24"
  action       = "allow"
  description  = "HQ IPv4"
  metadata     = jsonencode({ ticket = "NET-1042" })
}

resource "ngrok_ip_policy_rule" "office_v6" {
  ip_policy_id = ngrok_ip_policy.office.id
  cidr         = "2001:db8:1234::/48"
  action       = "allow"
  description  = "HQ IPv6"
}

resource "ngrok_ip_policy_rule" "vpn_host" {
  ip_policy_id = ngrok_ip_policy.office.id
  cidr         = "198.51.100.7/32"
  action       = "allow"
}

resource "ngrok_ip_policy_rule" "block_v4" {
  ip_policy_id = ngrok_ip_policy.blocklist.id
  cidr         = "192.0.2.0/24"
  action       = "deny"
  description  = "Scanner range"
}

resource "ngrok_ip_policy_rule" "block_v6" {
  ip_policy_id = ngrok_ip_policy.blocklist.id
  cidr         = "2001:db8:dead:beef::/64"
  action       = "deny"
}

# ---- TLS certificate: self-signed, made for this fixture only (RSA 2048, PKCS #1 key) -----------
# openssl req -x509 -newkey rsa:2048 -nodes -days 3650 (see README.md); the key protects nothing.
resource "ngrok_tls_certificate" "shop" {
  description     = "shop.example.com (self-signed test certificate)"
  metadata        = jsonencode({ issuer = "fixture", rotation = "2036-11" })
  certificate_pem = <<-EOT
    -----BEGIN CERTIFICATE-----
    MIIENzCCAx+gAwIBAgIUGi2saNJD/SkedQyjVKoJR95jzGkwDQYJKoZIhvcNAQEL
    BQAwgYQxCzAJBgNVBAYTAlVTMRMwEQYDVQQIDApDYWxpZm9ybmlhMRYwFAYDVQQH
    DA1TYW4gRnJhbmNpc2NvMRowGAYDVQQKDBFGaXh0dXJlIFRlc3QgU2hvcDERMA8G
    A1UECwwIUGxhdGZvcm0xGTAXBgNVBAMMEHNob3AuZXhhbXBsZS5jb20wHhcNMjYx
    MTI1MTAwMDQyWhcNMzYxMTIyMTAwMDQyWjCBhDELMAkGA1UEBhMCVVMxEzARBgNV
    BAgMCkNhbGlmb3JuaWExFjAUBgNVBAcMDVNhbiBGcmFuY2lzY28xGjAYBgNVBAoM
    EUZpeHR1cmUgVGVzdCBTaG9wMREwDwYDVQQLDAhQbGF0Zm9ybTEZMBcGA1UEAwwQ
    c2hvcC5leGFtcGxlLmNvbTCCASIwDQYJKoZIhvcNAQEBBQADggEPADCCAQoCggEB
    AIZNQBzdM23JMlQdt/lCYYomlFPen6AQ3o6Ofug7WjkzBh6YVwy8dQY8m3kdxPOs
    L4WM1vgM5XzQyDeuLrH6Wo0cKhVGwW9+FH0YNgnBT0SbZx/4hqMsFLM0Iz6GnsGe
    ZZQQjauQKWGWf4ekJxWwLtS1mEhuKWGGou1UHLunAwi1kPdA2hn9b7ZD3QLNTCuY
    AJLkEGW1cynLHi3J/8H/jzdjtEwP8ZzbcRnQ7Ri4DK+Rxo2x+v/hBy8RvOgphK1G
    A8RSk+5847leM30ybCsTO+GRcboVA6VPg9AJ7pbII/bLC5OCvPKuxgMJ8DvVrYUH
    BzQRuALUSsb5WoS910hrYA0CAwEAAaOBnjCBmzBHBgNVHREEQDA+ghBzaG9wLmV4
    YW1wbGUuY29tghIqLnNob3AuZXhhbXBsZS5jb22HBMsAcQqHECABDbgAAAAAAAAA
    AAAAABAwDgYDVR0PAQH/BAQDAgWgMBMGA1UdJQQMMAoGCCsGAQUFBwMBMAwGA1Ud
    EwEB/wQCMAAwHQYDVR0OBBYEFMtm+3Derm1Cwsr4lqiSQemB9+1GMA0GCSqGSIb3
    DQEBCwUAA4IBAQBaw7ZVvfEd7og9ILdLuB/lO18p993Ckhc8OQeafbVpJSBDs33S
    FmPvIBvAWBVZ9oxd8QGll5YmwpNvImuPrDyKe0oohwyA8mDmNhFGCpEdZv0f8o4t
    WQaknI3Ookm6XOXK5MVwrzeZYkwQGg2yXfVyeH8z6egj7j0j1L8D9vRTVPgL4ujC
    mTjcsisMYOQKQAOTkYwpmKBn3MSyR/tjChvSbtsPDaNigrburxiDZmFyj+h2fBrp
    DecVNB9PzI5Lrs/OQPC4MlbNvb1bILMa7zCzpkWW47oCuI+SfCyHyknsGXMBdpdJ
    aYW7uglmiA4Mp6Uy875M9cB5xtfVxiVeF/3u
    -----END CERTIFICATE-----
  EOT
  private_key_pem = <<-EOT
    -----BEGIN RSA PRIVATE KEY-----
    MIIEowIBAAKCAQEAhk1AHN0zbckyVB23+UJhiiaUU96foBDejo5+6DtaOTMGHphX
    DLx1BjybeR3E86wvhYzW+AzlfNDIN64usfpajRwqFUbBb34UfRg2CcFPRJtnH/iG
    oywUszQjPoaewZ5llBCNq5ApYZZ/h6QnFbAu1LWYSG4pYYai7VQcu6cDCLWQ90Da
    Gf1vtkPdAs1MK5gAkuQQZbVzKcseLcn/wf+PN2O0TA/xnNtxGdDtGLgMr5HGjbH6
    /+EHLxG86CmErUYDxFKT7nzjuV4zfTJsKxM74ZFxuhUDpU+D0Anulsgj9ssLk4K8
    8q7GAwnwO9WthQcHNBG4AtRKxvlahL3XSGtgDQIDAQABAoIBADR9UMd3NLh94Cu8
    CcFjzld+SI6W/fBDZ5hz3OnK+LJOXN/sTmlt5pbvbRxjJCzQaSpbJ1F/SNoFh5sr
    epiY7nckQNZb9xIqRru1kLkzUlXQHvgB3C0990Eq6XNwje/ChpTd+2DIUUQQ2/sZ
    jyUM3ODJsKDuXUH+qwLy0uAMoETwkKMttNwnDTKsuvYHc0UMuihWVeEQbnlysygf
    CIrXU3LxfH8nY1+l3BRCHuuugO07mtm94T4ZMabCtuPyInlQFkBXygNexRt8ALqP
    Inu/O/uRq4U6ZqJ5lgpMAIXRAN8ZYAWCazTafliM+iBvwgu3BQIOIRvGjixO/3F0
    Zk9RhEkCgYEAvc3aJNBoXyipVibyEsvnW6EhU97+orzxWCG5QfcDf4MUw/zgqtJt
    fas/cqfuVZ6r8Bd/LTyMmIfhhCiym8YKeEap542Xm3Pvk6SnbMshdvqLtdq82Hat
    clIoaHPZ/ajMsRMA0hciAaOwV188qrq+How2ev8HH82qwDdFAchr+ocCgYEAtSQF
    TRDarE+JzLFqWlStEv5ZT9oGg+Nk5DjwX1iHTWNNpR/Ac60DZFQ4fsKb5OIyseNk
    NPd/Nhq90+V+Uk+mXu5RHh/sX6foPFrLCDib1r6gwhmdAyzfMJNtwlNJ32HmdJQx
    PAAiA3KQ9cbZymgCBTWWZ4M3EgnyPFl3jpoBUcsCgYEApSEHzYmHlGpy0KI3bwT4
    9q37qdVTIdBSBIPqgipeX7xx/4TtDZDfczrei2jwoIrYOZynp3qLM1TcbbdelMm6
    aCPKQ8rbAILgB0pz4uHi7nlRvVhdfdHaWqCByUYpfFc0JkZLK3y2uEhp7cnMpRis
    uTTxXRatYwzypiIvpjpxPtcCgYBzMtBIPbLEKOVbD22yuu1DCg0ksmS4VdJhLjD4
    giWyOrgzjmjnaB2jHci8HOnl+1EAPrwIz2nQr9sPuoDGui71apyeCvFZuEACuj8r
    IE1DmgJEzuNDFLNwgiIolq2BahKVC3XwUalQBflYxTjW96RpSbY4aIOKblbmuINH
    Znv2VwKBgGivTpUVwFUqT7fGI+G4IJHEGLAw1vt/lT42KlJgb5A9P2D+eiFr58nX
    5Sg7Iw/5okfCtMz3DK2vIRjZwrmKkWDNQPGRIXZBlRwipetoz+E1Gw2BJqM3/41t
    ONbP+IvxcdDypRPjCrqOXTm5K1WvC+A5gAT7g90QApyOHGbm7f9r
    -----END RSA PRIVATE KEY-----
  EOT
}
