{{/* The release's resources' name: the release's, with the chart's unless it holds it already. */}}
{{- define "tarmac.fullname" -}}
{{- if contains .Chart.Name .Release.Name }}{{ .Release.Name }}{{ else }}{{ .Release.Name }}-{{ .Chart.Name }}{{ end -}}
{{- end -}}

{{- define "tarmac.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "tarmac.labels" -}}
{{ include "tarmac.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ .Chart.Name }}-{{ .Chart.Version }}
{{- end -}}

{{/* The Secret the pods read their secret settings from. */}}
{{- define "tarmac.secretName" -}}
{{ .Values.secrets.existingSecret | default (include "tarmac.fullname" .) }}
{{- end -}}

{{/* Both PostgreSQL and S3: what several replicas need (SQLite and a volume are one pod's). */}}
{{- define "tarmac.shared" -}}
{{- if and .Values.postgresql.enabled (eq .Values.storage.type "s3") }}true{{ end -}}
{{- end -}}

{{/* Refuses a configuration that cannot work, with what to change. */}}
{{- define "tarmac.checks" -}}
{{- if or (gt (int .Values.replicaCount) 1) .Values.autoscaling.enabled }}
{{- if not (include "tarmac.shared" .) }}
{{- fail "More than one Tarmac replica (replicaCount > 1 or autoscaling.enabled) needs PostgreSQL and S3: set postgresql.enabled=true (DATABASE_URL in the Secret) and storage.type=s3, or keep replicaCount=1." }}
{{- end }}
{{- if not (or .Values.secrets.existingSecret .Values.secrets.secretKey) }}
{{- fail "More than one Tarmac replica needs one TARMAC_SECRET_KEY for all: set secrets.secretKey (32+ characters) or secrets.existingSecret." }}
{{- end }}
{{- end }}
{{- if not (or (eq .Values.storage.type "local") (eq .Values.storage.type "s3")) }}
{{- fail "storage.type must be local or s3." }}
{{- end }}
{{- end -}}
