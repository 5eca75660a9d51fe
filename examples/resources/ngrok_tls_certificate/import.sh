# A TLS certificate is imported by its ID, which starts with cert_. The API
# never returns the private key: after the import, the next apply records
# private_key_pem_wo_version (or private_key_pem) in the state, in place.
terraform import ngrok_tls_certificate.app cert_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
