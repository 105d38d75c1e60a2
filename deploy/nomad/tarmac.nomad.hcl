# Tarmac on Nomad with Docker: one allocation, SQLite and the builds on a host volume.
#   1. On the client, declare the volume (client { host_volume "tarmac-data" { path = "/srv/tarmac" } })
#      and give the image's user the directory: chown 1000:1000 /srv/tarmac
#   2. Keep the secrets in Nomad Variables, never in this file:
#      nomad var put nomad/jobs/tarmac TARMAC_ADMIN_EMAIL=you@example.com TARMAC_ADMIN_PASSWORD=…
#   3. nomad job run deploy/nomad/tarmac.nomad.hcl
# For several allocations use PostgreSQL and S3 (DATABASE_URL and the TARMAC_S3_* settings in the
# variable, TARMAC_STORAGE=s3 in env) and drop the volume. docs/deployment.md, "Nomad".
job "tarmac" {
  datacenters = ["dc1"]
  type        = "service"

  group "tarmac" {
    count = 1

    network {
      port "http" {
        to = 3000
      }
    }

    volume "tarmac-data" {
      type      = "host"
      source    = "tarmac-data"
      read_only = false
    }

    service {
      name     = "tarmac"
      port     = "http"
      provider = "nomad"

      check {
        type     = "http"
        path     = "/api/health"
        interval = "15s"
        timeout  = "5s"
      }
    }

    update {
      max_parallel     = 1
      health_check     = "checks"
      min_healthy_time = "10s"
      healthy_deadline = "5m"
    }

    task "tarmac" {
      driver       = "docker"
      kill_signal  = "SIGTERM"
      kill_timeout = "40s"

      config {
        image = "tarmac:6.1.0"
        ports = ["http"]
      }

      volume_mount {
        volume      = "tarmac-data"
        destination = "/data"
      }

      env {
        PORT               = "3000"
        TARMAC_DATA_DIR    = "/data"
        TARMAC_TRUST_PROXY = "1"
      }

      # Every key of the job's Nomad Variable becomes an environment variable.
      template {
        destination = "secrets/tarmac.env"
        env         = true
        data        = <<-EOT
          {{- with nomadVar "nomad/jobs/tarmac" }}{{ range .Tuples }}
          {{ .K }}={{ .V | toJSON }}
          {{- end }}{{ end }}
        EOT
      }

      resources {
        cpu        = 500
        memory     = 256
        memory_max = 512
      }
    }
  }
}
