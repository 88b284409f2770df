#!/usr/bin/python3
"""Record what the real oslo.policy answers, as fixtures for the TypeScript evaluator's tests.

Writes testdata/oslo-grammar.json (rule language cases), testdata/oslo-enforcer.json
(deprecated-rule and override handling) and testdata/oslo-defaults.json (every shipped default
rule of every service for a set of personas and targets). Needs Debian bookworm's
python3-oslo.policy (4.0.0, Zed) and the service packages listed in generate_defaults.py:
  /usr/bin/python3 packages/oslo-policy/scripts/generate_conformance.py
  npx prettier --write packages/oslo-policy/testdata

Result codes: "T" allowed, "F" denied, "E" oslo raised (the TypeScript side must deny).
"""

import copy
import importlib
import importlib.metadata
import json
import logging
import os
import sys
import tempfile
import warnings

from oslo_config import cfg
from oslo_policy import _checks, policy

sys.setrecursionlimit(200)
warnings.simplefilter('ignore')
logging.disable(logging.CRITICAL)

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'testdata')
sys.path.insert(0, HERE)
from generate_defaults import SERVICES  # noqa: E402


def new_conf(**opts):
    conf = cfg.ConfigOpts()
    conf([], project='skydeck-conformance', default_config_files=[], default_config_dirs=[])
    policy.Enforcer(conf)  # registers the [oslo_policy] options
    for k, v in opts.items():
        conf.set_override(k, v, group='oslo_policy')
    return conf


def run(fn):
    try:
        return 'T' if fn() else 'F'
    except RecursionError:
        return 'E'
    except Exception:  # noqa: BLE001 - any exception is what a service would turn into a 500/403
        return 'E'


# ---------------------------------------------------------------- grammar

ADMIN = {'roles': ['admin']}
R = lambda *roles: {'roles': list(roles)}  # noqa: E731

GRAMMAR = [
    # constants and empty rules
    ('@', {}, {}), ('!', {}, {}), ('', {}, {}), (' ', {}, {}), ('\t\n', {}, {}),
    ([], {}, {}), ([[]], {}, {}), ([''], {}, {}), ([['']], {}, {}), (['@'], {}, {}),
    ('(@)', {}, {}), ('((!))', {}, {}), ('@ and !', {}, {}), ('! or @', {}, {}),
    # role
    ('role:admin', {}, R('admin')), ('role:admin', {}, R('Admin')), ('role:ADMIN', {}, R('admin')),
    ('role:admin', {}, R('member')), ('role:admin', {}, {}), ('role:admin', {}, {'roles': None}),
    ('role:admin', {}, {'roles': []}), ('ROLE:admin', {}, R('admin')), ('Role:admin', {}, R('admin')),
    ('role:', {}, R('')), ('role:', {}, R('admin')), ('role:admin:x', {}, R('admin:x')),
    ('role:%(role)s', {'role': 'ADMIN'}, R('admin')), ('role:%(role)s', {}, R('admin')),
    ('role:%(role)s', {'role': None}, R('None')), ('role:%(role)s', {'role': True}, R('true')),
    ('role:pre-%(role)s', {'role': 'x'}, R('pre-x')),
    # generic checks against credentials
    ('is_admin:True', {}, {'is_admin': True}), ('is_admin:True', {}, {'is_admin': 'True'}),
    ('is_admin:True', {}, {'is_admin': False}), ('is_admin:True', {}, {}),
    ('is_admin:True', {}, {'is_admin': None}), ('is_admin:true', {}, {'is_admin': True}),
    ('is_admin:1', {}, {'is_admin': True}), ('is_admin:1', {}, {'is_admin': 1}),
    ('is_admin:False', {}, {'is_admin': False}), ('is_admin:None', {}, {'is_admin': None}),
    ('is_admin:None', {}, {}),
    ('project_id:%(project_id)s', {'project_id': 'p1'}, {'project_id': 'p1'}),
    ('project_id:%(project_id)s', {'project_id': 'p2'}, {'project_id': 'p1'}),
    ('project_id:%(project_id)s', {'project_id': None}, {'project_id': 'p1'}),
    ('project_id:%(project_id)s', {'project_id': None}, {'project_id': None}),
    ('project_id:%(project_id)s', {'project_id': 'None'}, {'project_id': None}),
    ('project_id:%(project_id)s', {}, {'project_id': 'p1'}),
    ('project_id:%(project_id)s', {}, {}),
    ('project_id:%(project_id)s', {'project_id': 'p1'}, {}),
    ('project_id:%(tenant)s', {'tenant': 'p1', 'project_id': 'p2'}, {'project_id': 'p1'}),
    ('project_id:p1', {}, {'project_id': 'p1'}), ('project_id:P1', {}, {'project_id': 'p1'}),
    ('project_id:%(a)s%(b)s', {'a': 'p', 'b': '1'}, {'project_id': 'p1'}),
    ('project_id:x%(a)sy', {'a': 'p'}, {'project_id': 'xpy'}),
    ('project_id:%%(a)s', {'a': 'p'}, {'project_id': '%(a)s'}),
    ('n:%(n)d', {'n': 7}, {'n': 7}), ('n:%(n)s', {'n': 7}, {'n': '7'}), ('n:%(n)s', {'n': 7}, {'n': 7}),
    ('n:%(n)d', {'n': True}, {'n': 1}), ('n:%(n)d', {'n': 'x'}, {'n': 'x'}),
    ('u:%(u)r', {'u': 'a'}, {'u': "'a'"}), ('u:%(u)s', {'u': ['a', 'b']}, {'u': "['a', 'b']"}),
    ('u:%(u)s', {'u': {'k': 1}}, {'u': "{'k': 1}"}),
    ('u:%(u)s', {'u': False}, {'u': False}), ('u:%(u)s', {'u': False}, {'u': 'False'}),
    ('u:%(u', {'u': 'x'}, {'u': 'x'}), ('u:%(u)', {'u': 'x'}, {'u': 'x'}), ('u:100%', {}, {'u': '100%'}),
    ('u:%s', {}, {'u': '{}'}), ('u:%(u)5s', {'u': 'x'}, {'u': '    x'}),
    ('roles:admin', {}, R('member', 'admin')), ('roles:admin', {}, R('member')),
    ('roles:Admin', {}, R('admin')),
    ('a.b:x', {}, {'a': {'b': 'x'}}), ('a.b:x', {}, {'a': [{'b': 'y'}, {'b': 'x'}]}),
    ('a.b:x', {}, {'a': {'b': ['y', 'x']}}), ('a.b:x', {}, {'a': 'str'}), ('a.b:x', {}, {'a': None}),
    ('a.b:x', {}, {'a': {}}), ('a.b:x', {}, {'a.b': 'x'}), ('a.b.c:1', {}, {'a': {'b': {'c': 1}}}),
    ('a:x', {}, {'a': [['x']]}), ('a:[\'x\']', {}, {'a': [['x']]}),
    ('system_scope:all', {}, {'system_scope': 'all'}), ('system:all', {}, {'system_scope': 'all'}),
    ('system:all', {}, {'system_scope': 'all', 'system': 'x'}), ('system:x', {}, {'system': 'x'}),
    ('system:x', {}, {'system': 'x', 'system_scope': ''}),
    ('domain_id:%(domain_id)s', {'domain_id': None}, {'domain_id': None}),
    # literal kinds (left side is a Python literal)
    ("'public':%(visibility)s", {'visibility': 'public'}, {}),
    ("'public':%(visibility)s", {'visibility': 'private'}, {}),
    ("'public':%(visibility)s", {}, {}),
    ('"public":%(visibility)s', {'visibility': 'public'}, {}),
    ("'Member':%(role.name)s", {'role.name': 'Member'}, {}),
    ('True:%(enabled)s', {'enabled': True}, {}), ('True:%(enabled)s', {'enabled': 'True'}, {}),
    ('True:%(enabled)s', {'enabled': 'true'}, {}), ('False:%(enabled)s', {'enabled': False}, {}),
    ('None:%(x)s', {'x': None}, {}), ('None:%(x)s', {'x': 'None'}, {}), ('None:%(x)s', {}, {}),
    ('not None:%(x)s', {'x': None}, {}), ('not None:%(x)s', {'x': 'd1'}, {}),
    ('1:%(n)s', {'n': 1}, {}), ('1:%(n)s', {'n': '1'}, {}), ('-1:%(n)s', {'n': -1}, {}),
    ('0x10:%(n)s', {'n': 16}, {}), ('1_000:%(n)s', {'n': 1000}, {}), ('1.5:%(n)s', {'n': '1.5'}, {}),
    ('2.0:%(n)s', {'n': '2.0'}, {}), ('1e3:%(n)s', {'n': '1000.0'}, {}),
    ("u'x':%(n)s", {'n': 'x'}, {}), ("'a\\'b':%(n)s", {'n': "a'b"}, {}),
    (':x', {}, {'': 'x'}), ('@x:1', {}, {'@x': '1'}),
    ('%(x)s:v', {'x': 'k'}, {'k': 'v', '%(x)s': 'v'}),
    # where oslo raises instead of answering (the service fails the request)
    ('not a.b:x', {}, {'a': 'str'}), ('not a.b:x', {}, {'a': None}), ('not a.b:x', {}, {'a': [1]}),
    ('not a.b:x', {}, {'a': [{'b': 'y'}]}), ('@ or a.b:x', {}, {'a': 'str'}),
    ('a.b:x or @', {}, {'a': 'str'}), ('not role:x', {}, {'roles': None}),
    ('not role:x', {}, {'roles': 5}), ('role:x', {}, {'roles': ['x', 1]}),
    ('role:a', {}, {'roles': 'abc'}), ('role:d', {}, {'roles': 'abc'}), ('role:k', {}, {'roles': {'k': 1}}),
    ('not @x:1', {}, {}), ('@x:%(missing)s', {}, {}), ('not @x:%(missing)s', {}, {}),
    ('and:x', {}, {'and': 'x'}), ('a.and:x', {}, {'a': {'and': 'x'}}), ('not 1a:x', {}, {}),
    ('a-b:1', {}, {'a-b': '1'}), ('a-1:1', {}, {'a-1': '1'}), ('-a:1', {}, {'-a': '1'}),
    ('True.x:1', {}, {'True': {'x': '1'}}), ('user.domain.id:d', {}, {'user': {'domain': {'id': 'd'}}}),
    ('not u:%(a)s%', {'a': 'x'}, {}), ('not u:%(missing)s%', {}, {}), ('not u:%(a)q', {'a': 'x'}, {}),
    ('not u:%(a)*s', {'a': 'x'}, {}), ('not u:%(a', {'a': 'x'}, {}), ('not u:%s%s', {}, {}),
    ('not u:%(a)s%s', {'a': 'x'}, {}), ('u:%s%(a)s', {'a': 'x'}, {'u': "{'a': 'x'}x"}),
    ('u:%(a)-5s|', {'a': 12}, {'u': '12   |'}), ('u:%(a)05d', {'a': 12}, {'u': '00012'}),
    ('u:%(a)+d', {'a': 12}, {'u': '+12'}), ('u:%(a).1s', {'a': 12}, {'u': '1'}),
    ('u:%(a)5.1s|', {'a': 12}, {'u': '    1|'}), ('u:%(a)_d', {'a': -5}, {'u': '-5'}),
    ('u:%(a).3d', {'a': -5}, {'u': '-005'}), ('u:%(a)ld', {'a': 3}, {'u': '3'}),
    ('u:%(a)d', {'a': 2.9}, {'u': '2'}), ('not u:%(a)d', {'a': None}, {}),
    ('u:%(a(b))s', {'a(b)': 'x'}, {'u': 'x'}), ('role:%(r)s', {'r': ['a']}, {'roles': ["['a']"]}),
    # operators and precedence
    ('role:a and role:b', {}, R('a', 'b')), ('role:a and role:b', {}, R('a')),
    ('role:a or role:b', {}, R('b')), ('role:a or role:b', {}, R('c')),
    ('not role:a', {}, R('a')), ('not role:a', {}, R('b')), ('not not role:a', {}, R('a')),
    ('role:a or role:b and role:c', {}, R('a')), ('role:a or role:b and role:c', {}, R('b')),
    ('role:a or role:b and role:c', {}, R('b', 'c')), ('role:a or role:b and role:c', {}, R('c')),
    ('role:a and role:b or role:c', {}, R('c')), ('role:a and role:b or role:c', {}, R('a')),
    ('role:a and role:b or role:c and role:d', {}, R('c', 'd')),
    ('role:a and role:b or role:c and role:d', {}, R('a', 'd')),
    ('role:a or role:b and role:c and role:d', {}, R('b', 'c')),
    ('role:a or role:b and role:c and role:d', {}, R('b', 'c', 'd')),
    ('role:a or role:b and role:c or role:d', {}, R('d')),
    ('role:a or role:b and role:c or role:d', {}, R('b')),
    ('not role:a and role:b', {}, R('b')), ('not role:a and role:b', {}, R('a', 'b')),
    ('not role:a and role:b', {}, R()), ('not role:a or role:b', {}, R('a')),
    ('not role:a or role:b', {}, R('a', 'b')), ('not (role:a and role:b)', {}, R('a')),
    ('not (role:a and role:b)', {}, R('a', 'b')), ('not (role:a or role:b)', {}, R()),
    ('role:a and not role:b or role:c', {}, R('a')), ('role:a and not role:b or role:c', {}, R('a', 'b')),
    ('role:a and not role:b or role:c', {}, R('a', 'b', 'c')),
    ('role:a or not role:b and role:c', {}, R('c')), ('role:a or not role:b and role:c', {}, R('b', 'c')),
    ('role:a or (role:b and role:c) and role:d', {}, R('b', 'c')),
    ('role:a or (role:b and role:c) and role:d', {}, R('b', 'c', 'd')),
    ('(role:a or role:b) and role:c', {}, R('a')), ('(role:a or role:b) and role:c', {}, R('b', 'c')),
    ('((role:a))', {}, R('a')), ('( role:a )', {}, R('a')), ('(((role:a) or (role:b)))', {}, R('b')),
    ('(role:a or (role:b and (role:c or role:d)))', {}, R('b', 'd')),
    ('(role:a or (role:b and (role:c or role:d)))', {}, R('b')),
    ('not (not (role:a))', {}, R('a')), ('(not role:a)', {}, R()),
    # keyword case
    ('role:a AND role:b', {}, R('a', 'b')), ('role:a And role:b', {}, R('a')),
    ('role:a OR role:b', {}, R('b')), ('NOT role:a', {}, R('a')), ('Not role:a', {}, R()),
    ('(role:a OR role:b) AND NOT role:c', {}, R('a')),
    # tokenizer quirks
    ('role:a)and', {}, R('a)and')), ('role:a)and', {}, R('a')),
    ('\trole:a\n or   role:b ', {}, R('b')), ('(role:a)or(role:b)', {}, R('b')),
    ('role:a)', {}, R('a')), ('(role:a', {}, R('a')), ('role:(a)', {}, R('(a')),
    ('project_id:%(project_id)s)', {'project_id': 'p'}, {'project_id': 'p'}),
    ('foo', {}, {}), ('foo or @', {}, {}), ('foo and @', {}, {}), ('not foo', {}, {}),
    ("'quoted'", {}, {}), ('"role:a"', {}, R('a')), ("role:a and 'x'", {}, R('a')),
    ("'x')", {}, {}), ("('x')", {}, {}),
    # parse errors
    ('role:a role:b', {}, R('a', 'b')), ('role:a and', {}, R('a')), ('and role:a', {}, R('a')),
    ('or', {}, {}), ('and', {}, {}), ('not', {}, {}), ('(', {}, {}), (')', {}, {}), ('()', {}, {}),
    ('not not', {}, {}), ('role:a or or role:b', {}, R('a')), ('role:a not role:b', {}, R('a')),
    ('(role:a))', {}, R('a')), ('((role:a)', {}, R('a')), ('role:a and () or @', {}, R('a')),
    # http checks are never reached here (no network); see the TypeScript tests
    # legacy list syntax
    ([['role:a', 'role:b'], ['role:c']], {}, R('a')), ([['role:a', 'role:b'], ['role:c']], {}, R('a', 'b')),
    ([['role:a', 'role:b'], ['role:c']], {}, R('c')), (['role:a', 'role:b'], {}, R('b')),
    ([['role:a']], {}, R('a')), ([[], ['role:a']], {}, R('a')), ([['role:a or role:b']], {}, R('b')),
    ([['role:a or role:b']], {}, R('a or role:b')), ([['(role:a)']], {}, R('a')),
    ([['project_id:%(project_id)s']], {'project_id': 'p'}, {'project_id': 'p'}),
    ([['@', '!']], {}, {}), ([['!'], ['@']], {}, {}), ([['foo']], {}, {}),
]

# (rule under test, extra named rules, default rule name)
REFERENCES = [
    ('rule:r1', {'r1': 'role:a'}, None, R('a')),
    ('rule:r1', {'r1': 'role:a'}, None, R('b')),
    ('rule:r1 and rule:r2', {'r1': 'role:a', 'r2': 'rule:r1 or role:b'}, None, R('a')),
    ('rule:missing', {}, None, R('a')),
    ('not rule:missing', {}, None, R('a')),
    ('rule:missing', {'default': '@'}, 'default', R('a')),
    ('rule:missing', {'default': '!'}, 'default', R('a')),
    ('rule:missing', {'default': 'role:a'}, 'default', R('a')),
    ('rule:missing', {}, 'default', R('a')),
    ('rule:r1', {'r1': 'rule:r1'}, None, R('a')),
    ('rule:r1 or @', {'r1': 'rule:r2', 'r2': 'rule:r1'}, None, R('a')),
    ('@ or rule:r1', {'r1': 'rule:r1'}, None, R('a')),
    ('rule:x', {}, None, R('a')),
    ('rule:RULE', {'rule': '@'}, None, {}),
    ('rule:r1', {'r1': 'rule:r2', 'r2': 'rule:r3', 'r3': 'role:deep'}, None, R('deep')),
    ('rule:r1', {'r1': 'rule:missing'}, 'default', R('a')),
    ('rule:r1', {'r1': 'rule:missing', 'default': 'rule:missing'}, 'default', R('a')),
    ('rule:r1', {'r1': 'bad and'}, None, R('a')),
    ('rule:r1 or role:a', {'r1': 'bad and'}, None, R('a')),
]


def grammar_cases():
    out = []
    for rule, target, creds in GRAMMAR:
        rules = policy.Rules.from_dict({'x': rule})
        enf = policy.Enforcer(new_conf(), use_conf=False)
        enf.set_rules(rules, use_conf=False)
        res = run(lambda: enf.enforce('x', copy.deepcopy(target), copy.deepcopy(creds)))
        out.append({'rule': rule, 'target': target, 'creds': creds, 'expect': res})
    for rule, extra, default_rule, creds in REFERENCES:
        rules = policy.Rules.from_dict(dict(extra, x=rule), default_rule=default_rule)
        enf = policy.Enforcer(new_conf(), use_conf=False)
        enf.set_rules(rules, use_conf=False)
        res = run(lambda: enf.enforce('x', {}, copy.deepcopy(creds)))
        out.append({'rule': rule, 'rules': extra, 'defaultRule': default_rule, 'target': {},
                    'creds': creds, 'expect': res})
    # an unknown top-level name with and without a default rule
    for extra, default_rule in [({'a': '@'}, None), ({'default': '@'}, 'default'),
                                ({'default': '!'}, 'default'), ({'other': '@'}, 'default')]:
        rules = policy.Rules.from_dict(extra, default_rule=default_rule)
        enf = policy.Enforcer(new_conf(), use_conf=False)
        enf.set_rules(rules, use_conf=False)
        res = run(lambda: enf.enforce('nope', {}, {}))
        out.append({'enforce': 'nope', 'rules': extra, 'defaultRule': default_rule, 'target': {},
                    'creds': {}, 'expect': res})
    return out


# ---------------------------------------------------------------- enforcer (deprecations)

DEFAULTS = {
    'renamed': ('role:new', ('renamed_old', 'role:old')),
    'same': ('role:new', ('same', 'role:old')),
    'unchanged': ('role:x', ('unchanged_old', 'role:x')),
    'plain': ('role:new', None),
    'uses': ('rule:renamed', None),
}
OVERRIDES = [
    {},
    {'renamed': 'role:ovr'},
    {'renamed_old': 'role:ovr'},
    {'renamed_old': 'rule:renamed'},
    {'renamed_old': '(rule:renamed)'},
    {'renamed_old': 'role:old'},
    {'renamed': 'role:ovr2', 'renamed_old': 'role:ovr'},
    {'same': 'role:ovr'},
    {'unchanged_old': 'role:ovr'},
    {'plain': 'role:a and'},
    {'extra': 'rule:plain', 'renamed_old': 'role:ovr'},
]
ROLE_SETS = [[], ['new'], ['old'], ['ovr'], ['ovr2'], ['x'], ['a']]


def make_defaults():
    out = []
    for name, (check, dep) in DEFAULTS.items():
        dr = None
        if dep:
            dr = policy.DeprecatedRule(dep[0], dep[1], deprecated_reason='r', deprecated_since='Z')
        out.append(policy.RuleDefault(name, check, deprecated_rule=dr))
    return out


def enforcer_cases():
    cases = []
    for overrides in OVERRIDES:
        for new_defaults in (False, True):
            with tempfile.TemporaryDirectory() as d:
                path = os.path.join(d, 'policy.yaml')
                with open(path, 'w') as f:
                    json.dump(overrides, f)
                conf = new_conf(enforce_new_defaults=new_defaults, policy_file=path)
                enf = policy.Enforcer(conf)
                enf.register_defaults(make_defaults())
                names = list(DEFAULTS) + sorted(set(overrides) - set(DEFAULTS)) + ['renamed_old']
                for name in names:
                    results = ''.join(
                        run(lambda: enf.enforce(name, {}, {'roles': roles})) for roles in ROLE_SETS)
                    cases.append({'overrides': overrides, 'enforceNewDefaults': new_defaults,
                                  'rule': name, 'expect': results})
    return {
        'defaults': {n: {'check_str': c, **({'deprecated_rule': {'name': d[0], 'check_str': d[1]}}
                                            if d else {})} for n, (c, d) in DEFAULTS.items()},
        'roleSets': ROLE_SETS,
        'cases': cases,
    }


# ---------------------------------------------------------------- shipped defaults

def persona(user, project, roles, **extra):
    base = {
        'user_id': user, 'user_domain_id': 'default', 'system_scope': None, 'domain_id': None,
        'project_id': project, 'project_domain_id': 'default' if project else None,
        'roles': roles, 'is_admin_project': True, 'is_admin': False, 'tenant_id': project,
        'service_user_id': None, 'service_user_domain_id': None, 'service_project_id': None,
        'service_project_domain_id': None, 'service_roles': [],
    }
    base.update(extra)
    return base


PERSONAS = {
    'admin': persona('u-admin', 'p-admin', ['admin', 'member', 'reader'], is_admin=True),
    'member': persona('u-demo', 'p-demo', ['member', 'reader']),
    'reader': persona('u-reader', 'p-demo', ['reader']),
    'other_member': persona('u-other', 'p-other', ['member', 'reader']),
    'system_admin': persona('u-sys', None, ['admin', 'member', 'reader'], system_scope='all',
                            is_admin=True),
    'system_reader': persona('u-sysr', None, ['reader'], system_scope='all'),
    'domain_admin': persona('u-dom', None, ['admin', 'member', 'reader'], domain_id='default'),
    'stack_user': persona('u-stack', 'p-demo', ['heat_stack_user']),
    'no_roles': persona('u-none', 'p-demo', []),
}


def target_for(keys, project, user, domain, visibility):
    t = {}
    for k in keys:
        low = k.lower()
        if 'role.domain_id' in low:
            t[k] = None
        elif 'domain' in low:
            t[k] = domain
        elif 'user' in low or low.endswith('.id') and 'user' in low:
            t[k] = user
        elif 'visibility' in low:
            t[k] = visibility
        elif any(w in low for w in ('project', 'tenant', 'owner', 'member_id')):
            t[k] = project
        else:
            t[k] = 'x'
    return t


def defaults_cases():
    import re
    out = {}
    for service, (dist, module) in SERVICES.items():
        rules = list(importlib.import_module(module).list_rules())
        for kind in ('field', 'tenant_id'):
            if kind in _checks.registered_checks:
                raise SystemExit(f'{kind} check registered; results would not be plain oslo')
        keys = sorted({m for r in rules for m in re.findall(r'%\(([^)]*)\)s', r.check_str)} |
                      {m for r in rules if r.deprecated_rule
                       for m in re.findall(r'%\(([^)]*)\)s', r.deprecated_rule.check_str)})
        targets = {
            'own': target_for(keys, 'p-demo', 'u-demo', 'default', 'private'),
            'other': target_for(keys, 'p-other', 'u-other', 'd-other', 'private'),
            'public': target_for(keys, 'p-other', 'u-other', 'd-other', 'public'),
            'empty': {},
        }
        names = [r.name for r in rules]
        modes = {'legacy': (False, False), 'new': (True, False), 'new_scope': (True, True)}
        results = {}
        for mode, (new_defaults, scope) in modes.items():
            conf = new_conf(enforce_new_defaults=new_defaults, enforce_scope=scope)
            enf = policy.Enforcer(conf)
            enf.register_defaults(rules)
            enf.load_rules()
            results[mode] = {}
            for pname, creds in PERSONAS.items():
                results[mode][pname] = {}
                for tname, target in targets.items():
                    results[mode][pname][tname] = ''.join(
                        run(lambda: enf.enforce(n, copy.deepcopy(target), copy.deepcopy(creds)))
                        for n in names)
        out[service] = {'source': f'{dist} {importlib.metadata.version(dist)}', 'rules': names,
                        'targets': targets, 'results': results}
    return {'oslo.policy': importlib.metadata.version('oslo.policy'), 'personas': PERSONAS,
            'services': out}


def write(name, data):
    path = os.path.join(OUT, name)
    with open(path, 'w') as f:
        json.dump(data, f, indent=1, sort_keys=False)
        f.write('\n')
    print('wrote', os.path.relpath(path))


if __name__ == '__main__':
    version = importlib.metadata.version('oslo.policy')
    write('oslo-grammar.json', {'oslo.policy': version, 'cases': grammar_cases()})
    write('oslo-enforcer.json', {'oslo.policy': version, **enforcer_cases()})
    write('oslo-defaults.json', defaults_cases())
