/** The last step of `npm run build`: records what was built in dist-server/build-info.json. */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../repo-root.js';
import { BUILD_INFO_FILE, collectBuildMetadata } from './build-metadata.js';

const root = repoRoot();
const metadata = collectBuildMetadata(root);
fs.mkdirSync(path.join(root, 'dist-server'), { recursive: true });
fs.writeFileSync(path.join(root, 'dist-server', BUILD_INFO_FILE), JSON.stringify(metadata, null, 2) + '\n');
process.stdout.write(
  `build info: revision ${metadata.source_revision ?? 'unknown'}, build ${metadata.build_sha256 ?? 'unknown'}` +
    `${metadata.source_manifest_verified ? '' : ' (working tree differs from the commit)'}\n`,
);
