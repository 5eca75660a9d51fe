# An agent ingress is imported by its ID, which starts with agin_.
terraform import ngrok_agent_ingress.connect agin_2hHGVyb5ZT6WQm1uXnLfNc8Ykam
