// A scripted stand-in for the model, for driving the real agent CLIs offline
// (observed with the pinned CLIs). It speaks the two wire formats the CLIs use:
//   Anthropic Messages (Claude Code; the Copilot CLI with COPILOT_PROVIDER_TYPE=anthropic):
//     POST /v1/messages[?beta=true], streamed as SSE or as one JSON message;
//   Gemini (Gemini CLI): POST /v1beta/models/<m>:generateContent | :streamGenerateContent?alt=sse | :countTokens;
//   OpenAI Responses (Codex CLI): POST /v1/responses, streamed as SSE (function and freeform tool calls);
//   OpenAI Chat Completions (OpenCode): POST /v1/chat/completions, streamed as SSE.
// The main loop's request is the one that carries the tool list. Its answer is chosen by how many
// tool results the conversation already holds: step i of the script is played while i results are
// in, then a plain "done". Every request body is recorded, so a test can check what the model was
// told (our reason and alternative) and what it was never told (a secret's value).
// Loopback only; it stops by itself after `maxRequests` requests or `maxMs` milliseconds.

import { createServer } from 'node:http';

/**
 * @param {{ steps: { tool: string, input: Record<string, unknown> }[], maxRequests?: number, maxMs?: number,
 *   choose?: (request: { body: any, toolResults: number }) => { tool: string, input: Record<string, unknown> } | null | undefined }} opts
 *   steps: the tool calls to play, by the host's own tool names.
 *   choose: for an Anthropic main-loop request, the call to play instead of the script's (null: answer
 *     "done"; undefined: play the script). The loader suite uses it to tell a subagent's requests apart.
 */
export function startModelServer({ steps, maxRequests = 60, maxMs = 120_000, choose }) {
  /** @type {{ path: string, body: string, main: boolean, toolResults: number }[]} */
  const requests = [];
  let stopped = false;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (requests.length >= maxRequests) {
        res.writeHead(429, { 'content-type': 'application/json' }).end('{"error":{"type":"rate_limit_error","message":"model server request budget spent"}}');
        stop();
        return;
      }
      let json = null;
      try {
        json = body ? JSON.parse(body) : null;
      } catch {
        json = null;
      }
      const url = req.url ?? '/';
      try {
        if (url.includes(':countTokens')) {
          record(url, body, false, 0);
          return sendJson(res, { totalTokens: 10 });
        }
        if (url.includes(':generateContent') || url.includes(':streamGenerateContent')) return gemini(url, body, json, res);
        if (url.startsWith('/v1/messages/count_tokens')) {
          record(url, body, false, 0);
          return sendJson(res, { input_tokens: 10 });
        }
        if (url.startsWith('/v1/messages') || url.startsWith('/messages')) return anthropic(url, body, json, res);
        if (url.startsWith('/v1/responses')) return responses(url, body, json, res);
        if (url.startsWith('/v1/chat/completions')) return chat(url, body, json, res);
        if (url.startsWith('/v1/models') || url.startsWith('/models')) {
          record(url, body, false, 0);
          return sendJson(res, { data: [{ id: 'claude-sonnet-4-5', type: 'model', display_name: 'scripted' }], has_more: false });
        }
        record(url, body, false, 0);
        res.writeHead(url === '/' ? 200 : 404, { 'content-type': 'application/json' }).end('{}');
      } catch (err) {
        res.writeHead(500).end(String(err));
      }
    });
  });

  function record(path, body, main, toolResults) {
    requests.push({ path, body, main, toolResults });
  }

  function step(toolResults) {
    return toolResults < steps.length ? steps[toolResults] : null;
  }

  // ---- Anthropic Messages ----
  function anthropic(url, body, json, res) {
    const tools = Array.isArray(json?.tools) ? json.tools : [];
    const messages = Array.isArray(json?.messages) ? json.messages : [];
    const results = messages
      .filter((m) => m.role === 'user' && Array.isArray(m.content))
      .reduce((n, m) => n + m.content.filter((c) => c?.type === 'tool_result').length, 0);
    const main = tools.length > 0;
    record(url, body, main, results);
    const chosen = main && choose ? choose({ body: json, toolResults: results }) : undefined;
    const s = !main ? null : chosen === undefined ? step(results) : chosen;
    const hasTool = s && tools.some((t) => t.name === s.tool);
    const content = hasTool
      ? [{ type: 'tool_use', id: `toolu_${String(results).padStart(4, '0')}scripted`, name: s.tool, input: s.input }]
      : [{ type: 'text', text: s && !hasTool ? `scripted model: the host offers no tool named ${s.tool}` : 'done' }];
    const stopReason = hasTool ? 'tool_use' : 'end_turn';
    const model = typeof json?.model === 'string' ? json.model : 'claude-sonnet-4-5';
    const message = {
      id: `msg_${requests.length}`,
      type: 'message',
      role: 'assistant',
      model,
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 5 },
    };
    if (!json?.stream) return sendJson(res, message);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const ev = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    ev('message_start', { message: { ...message, content: [], stop_reason: null, usage: { input_tokens: 10, output_tokens: 1 } } });
    content.forEach((c, index) => {
      if (c.type === 'tool_use') {
        ev('content_block_start', { index, content_block: { type: 'tool_use', id: c.id, name: c.name, input: {} } });
        ev('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(c.input) } });
      } else {
        ev('content_block_start', { index, content_block: { type: 'text', text: '' } });
        ev('content_block_delta', { index, delta: { type: 'text_delta', text: c.text } });
      }
      ev('content_block_stop', { index });
    });
    ev('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 5 } });
    ev('message_stop', {});
    res.end();
  }

  // ---- OpenAI Responses (Codex CLI), streamed as SSE ----
  function responses(url, body, json, res) {
    const tools = Array.isArray(json?.tools) ? json.tools : [];
    const input = Array.isArray(json?.input) ? json.input : [];
    const results = input.filter((i) => i?.type === 'function_call_output' || i?.type === 'custom_tool_call_output').length;
    const main = tools.length > 0;
    record(url, body, main, results);
    const s = main ? step(results) : null;
    const offered = s && tools.find((t) => t.name === s.tool);
    const n = requests.length;
    // A freeform tool (apply_patch) takes its input as text; a function tool as JSON arguments.
    const item = !offered
      ? {
          type: 'message',
          id: `msg_${n}`,
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', annotations: [], text: s ? `scripted model: the host offers no tool named ${s.tool}` : 'done' }],
        }
      : offered.type === 'custom'
        ? { type: 'custom_tool_call', id: `ctc_${n}`, call_id: `call_${n}`, name: s.tool, input: String(s.input), status: 'completed' }
        : { type: 'function_call', id: `fc_${n}`, call_id: `call_${n}`, name: s.tool, arguments: JSON.stringify(s.input), status: 'completed' };
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const ev = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    const id = `resp_${n}`;
    ev('response.created', { response: { id } });
    ev('response.output_item.added', { output_index: 0, item });
    ev('response.output_item.done', { output_index: 0, item });
    ev('response.completed', {
      response: {
        id,
        usage: {
          input_tokens: 10,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: 5,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: 15,
        },
      },
    });
    res.end();
  }

  // ---- OpenAI Chat Completions (OpenCode through an OpenAI-compatible provider), streamed as SSE ----
  function chat(url, body, json, res) {
    const tools = Array.isArray(json?.tools) ? json.tools : [];
    const messages = Array.isArray(json?.messages) ? json.messages : [];
    const results = messages.filter((m) => m?.role === 'tool').length;
    const main = tools.length > 0;
    record(url, body, main, results);
    const s = main ? step(results) : null;
    const offered = s && tools.some((t) => t?.function?.name === s.tool);
    const n = requests.length;
    const base = { id: `chatcmpl_${n}`, object: 'chat.completion.chunk', created: 0, model: typeof json?.model === 'string' ? json.model : 'scripted' };
    const delta = offered
      ? { role: 'assistant', tool_calls: [{ index: 0, id: `call_${n}`, type: 'function', function: { name: s.tool, arguments: JSON.stringify(s.input) } }] }
      : { role: 'assistant', content: main ? (s ? `scripted model: the host offers no tool named ${s.tool}` : 'done') : 'Scripted title' };
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const data = (v) => res.write(`data: ${JSON.stringify(v)}\n\n`);
    data({ ...base, choices: [{ index: 0, delta, finish_reason: null }] });
    data({
      ...base,
      choices: [{ index: 0, delta: {}, finish_reason: offered ? 'tool_calls' : 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    });
    res.write('data: [DONE]\n\n');
    res.end();
  }

  // ---- Gemini ----
  function gemini(url, body, json, res) {
    const decls = (Array.isArray(json?.tools) ? json.tools : []).flatMap((t) => (Array.isArray(t?.functionDeclarations) ? t.functionDeclarations : []));
    const contents = Array.isArray(json?.contents) ? json.contents : [];
    const results = contents.reduce((n, c) => n + (Array.isArray(c?.parts) ? c.parts.filter((p) => p?.functionResponse).length : 0), 0);
    const main = decls.length > 0;
    record(url, body, main, results);
    const s = main ? step(results) : null;
    const hasTool = s && decls.some((d) => d.name === s.tool);
    // Side requests (next-speaker checks, routing) ask for JSON: one object that answers them all.
    const side = JSON.stringify({ reasoning: 'scripted', next_speaker: 'user', model_choice: 'flash', complexity_reasoning: 'scripted', complexity_score: 1 });
    const parts = hasTool
      ? [{ functionCall: { name: s.tool, args: s.input } }]
      : [{ text: main ? (s ? `scripted model: the host offers no tool named ${s.tool}` : 'done') : side }];
    const chunk = {
      candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
      modelVersion: 'scripted',
    };
    if (!url.includes(':streamGenerateContent')) return sendJson(res, chunk);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
    res.end();
  }

  function sendJson(res, value) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  }

  const timer = setTimeout(stop, maxMs);
  timer.unref();
  function stop() {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    server.close();
    server.closeAllConnections?.();
  }

  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({ url: `http://127.0.0.1:${port}`, port, requests, stop });
    });
  });
}
