# The state of v0.8's ngrok_domain moves to ngrok_reserved_domain.
moved {
  from = ngrok_domain.sub
  to   = ngrok_reserved_domain.sub
}

moved {
  from = ngrok_domain.uploaded_cert
  to   = ngrok_reserved_domain.uploaded_cert
}

moved {
  from = ngrok_domain.managed_cert
  to   = ngrok_reserved_domain.managed_cert
}

moved {
  from = ngrok_domain.wildcard
  to   = ngrok_reserved_domain.wildcard
}
