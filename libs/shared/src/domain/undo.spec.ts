import { describe, expect, it } from '@jest/globals';
import { Undo } from './undo.js';

describe('Undo', () => {
  it('takes steps back newest first, and one that fails does not stop the others', async () => {
    const taken: string[] = [];
    const undo = new Undo();
    undo.add(async () => void taken.push('claim reversed'));
    undo.add(async () => {
      throw new Error('the processor is down');
    });
    undo.add(async () => void taken.push('charge refunded'));
    await undo.run();
    expect(taken).toEqual(['charge refunded', 'claim reversed']);
  });
});
