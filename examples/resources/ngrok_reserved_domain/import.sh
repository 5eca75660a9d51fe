# A reserved domain is imported by its ID, which starts with rd_ ...
terraform import ngrok_reserved_domain.api rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam

# ... or by its name, in any case, wildcards included.
terraform import ngrok_reserved_domain.api api.example.com
terraform import 'ngrok_reserved_domain.wildcard' '*.example.com'
