import { useState } from 'react';
import type { SessionProfile } from '../lib/session';
import { ja } from '../messages/ja';

/**
 * The signed-in resident as LINE shows them, so they can tell whose answers they are editing.
 * Plain elements styled in app.css, not Mantine's Avatar: it sits on every form's first screen.
 * Without a picture, or when it fails to load, the name's first character stands in.
 */
export function ResidentHeader({ profile }: { profile: SessionProfile }) {
  // The address that failed, not a flag: a new picture (another resident) is tried afresh.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const picture = profile.pictureUrl && profile.pictureUrl !== failedUrl ? profile.pictureUrl : null;
  return (
    <div className="app-resident">
      <span className="app-avatar" data-testid="resident-picture">
        {picture ? (
          <img src={picture} alt={profile.displayName} onError={() => setFailedUrl(picture)} />
        ) : (
          <span aria-hidden="true">{Array.from(profile.displayName)[0] ?? ''}</span>
        )}
      </span>
      <p className="app-resident-name">
        <span data-testid="resident-name">{profile.displayName}</span> {ja.common.honorific}
      </p>
    </div>
  );
}
