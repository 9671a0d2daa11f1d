// Rule documentation inside VS Code: the pages ship in the .vsix (docs/rules/<code>.md) and open as
// a Markdown preview, from the Problems panel and hover (the diagnostic's code link), and from the
// "Show documentation" code action (the server's window/showDocument).

import * as vscode from 'vscode';
import type { Middleware } from 'vscode-languageclient/node';

export const OPEN_RULE_DOCS = 'agentGuard.openRuleDocumentation';
const DOCS_PAGE = /\/docs\/rules\/(AG-[A-Z]+-\d+)\.md$/;

/** The code of a rule page the server linked to (a shipped file or the published page), or null. */
export function ruleOfDocsLink(uri: vscode.Uri): string | null {
  return DOCS_PAGE.exec(uri.path)?.[1] ?? null;
}

/** The shipped page of a rule. */
export function ruleDocsFile(context: vscode.ExtensionContext, code: string): vscode.Uri {
  return vscode.Uri.file(context.asAbsolutePath(`docs/rules/${code}.md`));
}

/** A command URI the Problems panel and the hover open (they allow commands in code links). */
export function ruleDocsCommandUri(code: string): vscode.Uri {
  return vscode.Uri.parse(`command:${OPEN_RULE_DOCS}?${encodeURIComponent(JSON.stringify([code]))}`);
}

export async function openRuleDocs(context: vscode.ExtensionContext, code: string): Promise<vscode.Uri | undefined> {
  if (!/^AG-[A-Z]+-\d+$/.test(code)) return undefined;
  const file = ruleDocsFile(context, code);
  await vscode.commands.executeCommand('markdown.showPreview', file);
  return file;
}

/** Rewrites the server's links (diagnostics, showDocument) to open the shipped page as a preview. */
export function ruleDocsMiddleware(context: vscode.ExtensionContext): Middleware {
  return {
    handleDiagnostics(uri, diagnostics, next) {
      for (const d of diagnostics) {
        if (typeof d.code === 'object' && d.code.target) {
          const code = ruleOfDocsLink(d.code.target);
          if (code) d.code = { value: d.code.value, target: ruleDocsCommandUri(code) };
        }
      }
      next(uri, diagnostics);
    },
    window: {
      async showDocument(params, token, next) {
        const code = ruleOfDocsLink(vscode.Uri.parse(params.uri));
        if (!code) return next(params, token);
        await openRuleDocs(context, code);
        return { success: true };
      },
    },
  };
}
