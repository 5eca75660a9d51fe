# An IP policy is imported by its ID, which starts with ipp_.
terraform import ngrok_ip_policy.office ipp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
