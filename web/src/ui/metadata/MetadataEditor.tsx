import { useReducer, useState, type ReactNode } from 'react';
import {
  Button,
  Checkbox,
  Content,
  FormGroup,
  FormHelperText,
  FormSelect,
  FormSelectOption,
  Grid,
  GridItem,
  HelperText,
  HelperTextItem,
  InputGroup,
  InputGroupItem,
  SearchInput,
  TextInput,
  Title,
} from '@patternfly/react-core';
import AngleDownIcon from '@patternfly/react-icons/dist/esm/icons/angle-down-icon';
import AngleRightIcon from '@patternfly/react-icons/dist/esm/icons/angle-right-icon';
import MinusCircleIcon from '@patternfly/react-icons/dist/esm/icons/minus-circle-icon';
import PlusCircleIcon from '@patternfly/react-icons/dist/esm/icons/plus-circle-icon';
import { useTranslation } from '../../i18n/useTranslation';
import {
  DUPLICATE_KEYS,
  validateProperty,
  type MetaNode,
  type MetaProperty,
  type MetadataTree,
} from './metadataTree';

export interface MetadataEditorProps {
  tree: MetadataTree;
  /** Called after every change (the modal re-checks validity). */
  onChange: () => void;
}

const CHILD_INDENT = { paddingInlineStart: 'var(--pf-t--global--spacer--xl)' } as const;

function AvailableNode({
  node,
  onAdd,
  onToggle,
}: {
  node: MetaNode;
  onAdd: (n: MetaNode) => void;
  onToggle: (n: MetaNode) => void;
}): ReactNode {
  const { t } = useTranslation();
  if (!node.visible || node.added) return null;
  const hasChildren = node.children.length > 0;
  return (
    <li>
      {hasChildren ? (
        <Button
          variant="plain"
          aria-expanded={node.expanded}
          aria-label={t('Expand {{name}}', { name: node.label })}
          icon={node.expanded ? <AngleDownIcon /> : <AngleRightIcon />}
          onClick={() => onToggle(node)}
        />
      ) : null}
      <span title={node.description}>{node.label}</span>{' '}
      <Button
        variant="plain"
        aria-label={t('Add {{name}}', { name: node.label })}
        icon={<PlusCircleIcon />}
        onClick={() => onAdd(node)}
      />
      {hasChildren && node.expanded && (
        // A plain list has no indent of its own: the children step in under their parent.
        <Content component="ul" isPlainList style={CHILD_INDENT}>
          {node.children.map((c) => (
            <AvailableNode key={c.id} node={c} onAdd={onAdd} onToggle={onToggle} />
          ))}
        </Content>
      )}
    </li>
  );
}

function ValueEditor({
  prop,
  id,
  invalid,
  onPatch,
}: {
  prop: MetaProperty;
  id: string;
  /** Marks the field (aria-invalid), so a form that refuses to go on can focus it. */
  invalid: boolean;
  onPatch: (patch: Partial<Pick<MetaProperty, 'value' | 'operator'>>) => void;
}): ReactNode {
  const { t } = useTranslation();
  const set = (value: MetaProperty['value']): void => onPatch({ value });
  const validated = invalid ? 'error' : 'default';
  if (prop.type === 'boolean') {
    return (
      <Checkbox
        id={id}
        label={prop.title}
        isChecked={prop.value === true}
        isDisabled={prop.readonly}
        onChange={(_e, on) => set(on)}
      />
    );
  }
  if (prop.type === 'array') {
    const chosen = Array.isArray(prop.value) ? prop.value : [];
    return (
      <InputGroup>
        <InputGroupItem>
          <FormSelect
            id={`${id}-operator`}
            aria-label={t('Operator of {{name}}', { name: prop.title })}
            value={prop.operator}
            onChange={(_e, op) => onPatch({ operator: op })}
          >
            {prop.operators.map((op) => (
              <FormSelectOption key={op} value={op} label={op} />
            ))}
          </FormSelect>
        </InputGroupItem>
        <InputGroupItem isFill>
          {prop.enum ? (
            <FormSelect
              id={id}
              aria-label={prop.title}
              value=""
              validated={validated}
              onChange={(_e, v) => v && !chosen.includes(v) && set([...chosen, v])}
            >
              <FormSelectOption value="" label={chosen.join(', ') || t('Select values')} />
              {prop.enum
                .filter((v) => !chosen.includes(v))
                .map((v) => (
                  <FormSelectOption key={v} value={v} label={v} />
                ))}
            </FormSelect>
          ) : (
            <TextInput
              id={id}
              aria-label={prop.title}
              value={chosen.join(',')}
              validated={validated}
              onChange={(_e, v) =>
                set(
                  v
                    .split(',')
                    .map((s) => s.trim())
                    .filter(Boolean),
                )
              }
            />
          )}
        </InputGroupItem>
        {chosen.length > 0 && (
          <InputGroupItem>
            <Button variant="link" onClick={() => set([])}>
              {t('Clear')}
            </Button>
          </InputGroupItem>
        )}
      </InputGroup>
    );
  }
  const text = typeof prop.value === 'string' ? prop.value : '';
  if (prop.enum) {
    return (
      <FormSelect
        id={id}
        aria-label={prop.title}
        value={text}
        validated={validated}
        isDisabled={prop.readonly}
        onChange={(_e, v) => set(v)}
      >
        <FormSelectOption value="" label={t('Choose a value')} isPlaceholder />
        {prop.enum.map((v) => (
          <FormSelectOption key={v} value={v} label={v} />
        ))}
      </FormSelect>
    );
  }
  return (
    <TextInput
      id={id}
      aria-label={prop.title}
      value={text}
      validated={validated}
      readOnlyVariant={prop.readonly ? 'default' : undefined}
      type={prop.type === 'string' ? 'text' : 'text'}
      onChange={(_e, v) => set(v)}
    />
  );
}

function ExistingItem({
  node,
  onRemove,
  onPatch,
}: {
  node: MetaNode;
  onRemove: (n: MetaNode) => void;
  onPatch: (n: MetaNode, patch: Partial<Pick<MetaProperty, 'value' | 'operator'>>) => void;
}): ReactNode {
  const { t } = useTranslation();
  const prop = node.leaf;
  if (!prop) return null;
  const id = `sd-meta-${node.id.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  const error = validateProperty(prop);
  return (
    <li>
      <FormGroup
        label={prop.type === 'boolean' ? undefined : prop.title}
        fieldId={id}
        labelHelp={undefined}
      >
        <InputGroup>
          <InputGroupItem isFill>
            <ValueEditor
              prop={prop}
              id={id}
              invalid={!!error}
              onPatch={(patch) => onPatch(node, patch)}
            />
          </InputGroupItem>
          <InputGroupItem>
            <Button
              variant="plain"
              aria-label={t('Remove {{name}}', { name: prop.title })}
              icon={<MinusCircleIcon />}
              onClick={() => onRemove(node)}
            />
          </InputGroupItem>
        </InputGroup>
        <FormHelperText>
          <HelperText>
            {error ? (
              <HelperTextItem variant="error">{t(error.message, error.values)}</HelperTextItem>
            ) : (
              <HelperTextItem>{prop.name}</HelperTextItem>
            )}
          </HelperText>
        </FormHelperText>
      </FormGroup>
    </li>
  );
}

/**
 * The metadata editor (spec 2 §3, §4, §5): available namespaces on the left (filter, expand,
 * add), the resource's properties on the right with typed editors, and custom properties.
 * The tree object is the state; this component re-renders it after each change.
 */
export function MetadataEditor({ tree, onChange }: MetadataEditorProps): ReactNode {
  const { t } = useTranslation();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [filter, setFilter] = useState('');
  const [customKey, setCustomKey] = useState('');
  const changed = (): void => {
    rerender();
    onChange();
  };
  const duplicate = customKey.trim() !== '' && tree.hasKey(customKey);
  const added = tree.added();
  return (
    <Grid hasGutter>
      <GridItem md={6}>
        <Title headingLevel="h3">{t('Available Metadata')}</Title>
        <SearchInput
          aria-label={t('Filter')}
          placeholder={t('Filter')}
          value={filter}
          onChange={(_e, v) => {
            setFilter(v);
            tree.filter(v);
            rerender();
          }}
          onClear={() => {
            setFilter('');
            tree.filter('');
            rerender();
          }}
        />
        <FormGroup label={t('Custom')} fieldId="sd-meta-custom">
          <InputGroup>
            <InputGroupItem isFill>
              <TextInput
                id="sd-meta-custom"
                value={customKey}
                validated={duplicate ? 'error' : 'default'}
                onChange={(_e, v) => setCustomKey(v)}
              />
            </InputGroupItem>
            <InputGroupItem>
              <Button
                variant="control"
                isDisabled={customKey.trim() === '' || duplicate}
                onClick={() => {
                  if (tree.addCustom(customKey.trim())) {
                    setCustomKey('');
                    changed();
                  }
                }}
              >
                {t('Add')}
              </Button>
            </InputGroupItem>
          </InputGroup>
          {duplicate && (
            <FormHelperText>
              <HelperText>
                <HelperTextItem variant="error">{t(DUPLICATE_KEYS)}</HelperTextItem>
              </HelperText>
            </FormHelperText>
          )}
        </FormGroup>
        <Content component="ul" isPlainList aria-label={t('Available Metadata')}>
          {tree.roots
            .filter((n) => !n.custom)
            .map((n) => (
              <AvailableNode
                key={n.id}
                node={n}
                onAdd={(x) => {
                  tree.add(x);
                  changed();
                }}
                onToggle={(x) => {
                  tree.toggle(x);
                  rerender();
                }}
              />
            ))}
        </Content>
      </GridItem>
      <GridItem md={6}>
        <Title headingLevel="h3">{t('Existing Metadata')}</Title>
        {added.length === 0 ? (
          <Content component="p">{t('No existing metadata')}</Content>
        ) : (
          <Content component="ul" isPlainList aria-label={t('Existing Metadata')}>
            {added.map((n) => (
              <ExistingItem
                key={n.id}
                node={n}
                onPatch={(x, patch) => {
                  tree.update(x, patch);
                  changed();
                }}
                onRemove={(x) => {
                  tree.remove(x);
                  changed();
                }}
              />
            ))}
          </Content>
        )}
      </GridItem>
    </Grid>
  );
}
