// generated, do not edit: `npm run api` writes this file from packages/server/openapi.json
// (packages/server/src/openapi-rules.ts): each request body's text rules, by operationId, that the
// forms check as the user types (src/api/rules.ts), and each platform's build file endings; the
// server checks the same rules.
export const FIELD_RULES = {
  "acceptInvitation": {
    "key": {
      "minLength": 1,
      "maxLength": 200
    },
    "password": {
      "maxLength": 128
    },
    "username": {
      "maxLength": 50
    }
  },
  "addChannelSubscriber": {
    "email": {
      "maxLength": 254
    }
  },
  "addCollaborator": {
    "email": {
      "maxLength": 255
    },
    "username": {
      "maxLength": 50
    }
  },
  "applyRestore": {
    "confirm": {
      "maxLength": 300
    }
  },
  "confirmEmail": {
    "key": {
      "minLength": 1,
      "maxLength": 200
    }
  },
  "confirmIdentityLink": {
    "link_token": {
      "minLength": 1,
      "maxLength": 200
    }
  },
  "confirmSignInLink": {
    "key": {
      "minLength": 1,
      "maxLength": 200
    }
  },
  "createApp": {
    "name": {
      "minLength": 1,
      "maxLength": 255
    }
  },
  "createBackupPlan": {
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "notify_url": {
      "maxLength": 2048
    },
    "schedule": {
      "maxLength": 100
    }
  },
  "createChannel": {
    "bundle_id": {
      "maxLength": 255
    },
    "git_url": {
      "maxLength": 1024
    },
    "name": {
      "minLength": 1,
      "maxLength": 255
    },
    "password": {
      "maxLength": 128
    },
    "slug": {
      "maxLength": 64
    }
  },
  "createChannelWebhook": {
    "keyword": {
      "maxLength": 64
    },
    "name": {
      "maxLength": 100
    },
    "secret": {
      "maxLength": 256
    },
    "template": {
      "maxLength": 16384
    },
    "url": {
      "minLength": 1,
      "maxLength": 2048
    }
  },
  "createInvitation": {
    "email": {
      "maxLength": 255
    }
  },
  "createScheme": {
    "name": {
      "minLength": 1,
      "maxLength": 255
    }
  },
  "createSharedWebhook": {
    "keyword": {
      "maxLength": 64
    },
    "name": {
      "maxLength": 100
    },
    "secret": {
      "maxLength": 256
    },
    "template": {
      "maxLength": 16384
    },
    "url": {
      "minLength": 1,
      "maxLength": 2048
    }
  },
  "createSignInProvider": {
    "kind": {
      "maxLength": 16
    },
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "secret": {
      "maxLength": 4096
    },
    "slug": {
      "minLength": 1,
      "maxLength": 64
    }
  },
  "createToken": {
    "name": {
      "maxLength": 100
    }
  },
  "createUser": {
    "email": {
      "maxLength": 255
    },
    "password": {
      "maxLength": 128
    },
    "timezone": {
      "maxLength": 64
    },
    "username": {
      "maxLength": 50
    }
  },
  "disableTwoFactor": {
    "code": {
      "maxLength": 32
    },
    "password": {
      "maxLength": 128
    },
    "recovery_code": {
      "maxLength": 32
    }
  },
  "enableTwoFactor": {
    "code": {
      "maxLength": 32
    }
  },
  "forgotPassword": {
    "email": {
      "minLength": 1,
      "maxLength": 255
    }
  },
  "linkLdapIdentity": {
    "login": {
      "maxLength": 255
    },
    "password": {
      "maxLength": 1024
    }
  },
  "previewWebhook": {
    "keyword": {
      "maxLength": 64
    },
    "template": {
      "maxLength": 16384
    }
  },
  "regenerateRecoveryCodes": {
    "password": {
      "maxLength": 128
    }
  },
  "registerUser": {
    "email": {
      "maxLength": 255
    },
    "password": {
      "maxLength": 128
    },
    "timezone": {
      "maxLength": 64
    },
    "username": {
      "maxLength": 50
    }
  },
  "requestSignInLink": {
    "email": {
      "minLength": 1,
      "maxLength": 255
    }
  },
  "resendEmailConfirmation": {
    "email": {
      "minLength": 1,
      "maxLength": 255
    }
  },
  "resetPassword": {
    "key": {
      "minLength": 1,
      "maxLength": 200
    },
    "password": {
      "maxLength": 1024
    }
  },
  "sendTestMail": {
    "to": {
      "maxLength": 255
    }
  },
  "setUpTwoFactor": {
    "password": {
      "maxLength": 128
    }
  },
  "signIn": {
    "login": {
      "maxLength": 255
    },
    "password": {
      "maxLength": 128
    }
  },
  "signInSecondFactor": {
    "challenge": {
      "minLength": 1,
      "maxLength": 200
    },
    "code": {
      "maxLength": 32
    },
    "recovery_code": {
      "maxLength": 32
    }
  },
  "signInWithLdap": {
    "login": {
      "maxLength": 255
    },
    "password": {
      "maxLength": 1024
    }
  },
  "syncDevice": {
    "model": {
      "maxLength": 1024
    },
    "name": {
      "maxLength": 1024
    },
    "platform": {
      "maxLength": 64
    },
    "status": {
      "maxLength": 64
    }
  },
  "testSignInProvider": {
    "username": {
      "maxLength": 255
    }
  },
  "updateApp": {
    "name": {
      "minLength": 1,
      "maxLength": 255
    }
  },
  "updateBackupPlan": {
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "notify_url": {
      "maxLength": 2048
    },
    "schedule": {
      "maxLength": 100
    }
  },
  "updateChannel": {
    "bundle_id": {
      "maxLength": 255
    },
    "git_url": {
      "maxLength": 1024
    },
    "name": {
      "minLength": 1,
      "maxLength": 255
    },
    "password": {
      "maxLength": 128
    },
    "slug": {
      "maxLength": 64
    }
  },
  "updateCurrentUser": {
    "current_password": {
      "maxLength": 128
    },
    "email": {
      "maxLength": 255
    },
    "password": {
      "maxLength": 128
    },
    "timezone": {
      "maxLength": 64
    },
    "username": {
      "maxLength": 50
    }
  },
  "updateDevice": {
    "name": {
      "maxLength": 1024
    }
  },
  "updateRelease": {
    "branch": {
      "maxLength": 255
    },
    "build_version": {
      "minLength": 1,
      "maxLength": 255
    },
    "ci_url": {
      "maxLength": 1024
    },
    "git_commit": {
      "maxLength": 255
    },
    "release_type": {
      "maxLength": 64
    },
    "release_version": {
      "minLength": 1,
      "maxLength": 255
    },
    "source": {
      "maxLength": 64
    }
  },
  "updateSchedule": {
    "spec": {
      "minLength": 1,
      "maxLength": 128
    }
  },
  "updateScheme": {
    "name": {
      "minLength": 1,
      "maxLength": 255
    }
  },
  "updateSignInProvider": {
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "secret": {
      "maxLength": 4096
    },
    "slug": {
      "minLength": 1,
      "maxLength": 64
    }
  },
  "updateUser": {
    "email": {
      "maxLength": 255
    },
    "password": {
      "maxLength": 128
    },
    "timezone": {
      "maxLength": 64
    },
    "username": {
      "maxLength": 50
    }
  },
  "updateWebhook": {
    "keyword": {
      "maxLength": 64
    },
    "name": {
      "maxLength": 100
    },
    "secret": {
      "maxLength": 256
    },
    "template": {
      "maxLength": 16384
    },
    "url": {
      "minLength": 1,
      "maxLength": 2048
    }
  },
  "uploadDebugFile": {
    "build_version": {
      "maxLength": 255
    },
    "channel_key": {
      "maxLength": 64
    },
    "release_version": {
      "maxLength": 255
    }
  },
  "uploadRelease": {
    "branch": {
      "maxLength": 255
    },
    "channel_key": {
      "maxLength": 64
    },
    "ci_url": {
      "maxLength": 1024
    },
    "git_commit": {
      "maxLength": 255
    },
    "git_url": {
      "maxLength": 1024
    },
    "name": {
      "maxLength": 255
    },
    "password": {
      "maxLength": 128
    },
    "release_type": {
      "maxLength": 64
    },
    "slug": {
      "maxLength": 64
    },
    "source": {
      "maxLength": 64
    }
  }
} as const;

/** Each channel platform's build file endings (components.schemas.UploadExtensions.default): the upload dialog's picker and check. */
export const UPLOAD_EXTENSIONS = {
  "ios": [
    ".ipa"
  ],
  "android": [
    ".apk",
    ".aab"
  ],
  "harmonyos": [
    ".hap",
    ".app"
  ],
  "macos": [
    ".dmg",
    ".pkg",
    ".zip"
  ],
  "windows": [
    ".exe",
    ".msi",
    ".msix",
    ".zip"
  ],
  "linux": [
    ".deb",
    ".rpm",
    ".appimage"
  ]
} as const;
