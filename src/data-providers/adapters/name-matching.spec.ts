import { describe, expect, it } from '@jest/globals';
import { InvalidInputException } from '../../common/errors/app.exception.js';
import { ProviderResourceNotFoundException } from '../../providers/http/provider.exceptions.js';
import { pickByName } from './name-matching.js';

const acme = { id: 1, name: 'Acme', aliases: ['acme.com'] };
const acmeRobotics = { id: 2, name: 'Acme Robotics', aliases: ['acmerobotics.io'] };

describe('picking the record a company name means', () => {
  it('takes the record named exactly so, ignoring case, over partial matches', () => {
    expect(pickByName([acmeRobotics, acme], 'ACME', 'Affinity', 'organization')).toBe(acme);
  });

  it('takes a record whose alias (a domain) equals the name', () => {
    expect(pickByName([acme, acmeRobotics], 'acmerobotics.io', 'Affinity', 'organization')).toBe(acmeRobotics);
  });

  it('takes the only result when none is exact', () => {
    expect(pickByName([acmeRobotics], 'Acme Robot', 'Affinity', 'organization')).toBe(acmeRobotics);
  });

  it('answers NOT_FOUND in the provider’s words when nothing matched', () => {
    expect(() => pickByName([], 'Nobody', 'Affinity', 'organization')).toThrow(
      new ProviderResourceNotFoundException('Affinity', 'organization matching "Nobody"'),
    );
  });

  it('asks the caller to choose among several partial matches, naming them', () => {
    const choose = () => pickByName([acme, acmeRobotics], 'Acm', 'Affinity', 'organization');
    expect(choose).toThrow(InvalidInputException);
    expect(choose).toThrow(
      'Affinity has 2 organizations matching "Acm" and none named exactly so: "Acme", "Acme Robotics". Call again with one of these names as companyName.',
    );
  });
});
