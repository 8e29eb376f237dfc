import { RuleTester } from 'eslint';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { importFlowRule } from './import-flow-rule.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const file = (relative: string) => path.join(root, relative);

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } });

tester.run('import-flow', importFlowRule, {
  valid: [
    { filename: file('src/app/routes.tsx'), code: "import x from '../features/login/LoginPage.tsx';" },
    { filename: file('src/features/chat/Composer.tsx'), code: "import { t } from '../../core/i18n/index.ts';" },
    { filename: file('src/features/chat/Composer.tsx'), code: "import { draft } from './model/drafts.ts';" },
    { filename: file('src/app/chatroom/chatSlots.ts'), code: "import { RoomHeaderMenu } from '../../features/roomlist/index.ts';" },
    { filename: file('src/features/chat/Composer.tsx'), code: "import { endpoints } from '@generated/api/endpoints.ts';" },
    { filename: file('src/core/transport.ts'), code: "import type { Message } from '@generated/types/index.ts';" },
    { filename: file('server/http/app.ts'), code: "import { routes } from '../../generated/server/routes.ts';" },
    { filename: file('tests/cli/build.test.ts'), code: "import { build } from '../../generator/src/index.ts';" },
    { filename: file('src/features/chat/Composer.tsx'), code: "import React from 'react';" },
    { filename: file('src/features/chat/Composer.tsx'), code: "import { roomTitle } from '../../domain/index.ts';" },
    { filename: file('src/domain/policy.ts'), code: "import { t } from '../core/i18n/index.ts';" },
  ],
  invalid: [
    { filename: file('src/core/transport.ts'), code: "import x from '../features/login/state.ts';", errors: [{ messageId: 'refused' }] },
    { filename: file('src/features/chat/Composer.tsx'), code: "import x from '../roomlist/RoomRow.tsx';", errors: [{ messageId: 'refused' }] },
    // Not even through its index: the app composes features (docs/client-core.md).
    { filename: file('src/features/chat/Composer.tsx'), code: "import { RoomList } from '../roomlist/index.ts';", errors: [{ messageId: 'refused' }] },
    { filename: file('src/features/chat/components/ChatHeader.tsx'), code: "export { RoomHeaderMenu } from '../../roomlist/index.ts';", errors: [{ messageId: 'refused' }] },
    { filename: file('src/features/chat/Composer.tsx'), code: "import x from '../../app/routes.tsx';", errors: [{ messageId: 'refused' }] },
    { filename: file('server/http/app.ts'), code: "import x from '../../src/core/crypto/aes.ts';", errors: [{ messageId: 'refused' }] },
    { filename: file('src/core/crypto/aes.ts'), code: "import x from '../../../server/crypto/aes.ts';", errors: [{ messageId: 'refused' }] },
    { filename: file('server/main.ts'), code: "import x from '../generator/src/index.ts';", errors: [{ messageId: 'refused' }] },
    { filename: file('src/ui/Button.tsx'), code: "const m = import('../features/chat/index.ts');", errors: [{ messageId: 'refused' }] },
    { filename: file('src/domain/rooms.ts'), code: "import x from '../features/roomlist/index.ts';", errors: [{ messageId: 'refused' }] },
    { filename: file('src/domain/rooms.ts'), code: "import x from '../ui/index.ts';", errors: [{ messageId: 'refused' }] },
  ],
});
