import { useState, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { VARIANT_LIMITS } from '../../../../common/rules/variant';
import FieldError from '../../../components/admin/FieldError';
import { fieldErrorId } from '../../../components/admin/requiredFields';
import {
  colourValueName,
  draftId,
  looksLikeColour,
  optionNameId,
  optionValuesId,
  type OptionDraft,
  type VariantProblem,
  type VariantsDraft,
  withOption,
} from './variantDrafts';

interface OptionsEditorProps {
  draft: VariantsDraft;
  onChange: (draft: VariantsDraft) => void;
  /** The problems the last save attempt found (shown beside their controls). */
  problems: VariantProblem[];
}

const DEFAULT_NEW_COLOUR = '#000000';
const ADD_OPTION_ID = 'product-add-option';

/** Enter in one of these fields adds what it holds instead of sending the whole product form. */
const onEnter = (action: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    action();
  }
};

/** One option: its name, whether its values are colours, and its ordered values. */
function OptionEditor({
  option,
  onChange,
  onRemove,
  problems,
}: {
  option: OptionDraft;
  onChange: (option: OptionDraft) => void;
  onRemove: () => void;
  problems: VariantProblem[];
}) {
  const [value, setValue] = useState('');
  const [hex, setHex] = useState(DEFAULT_NEW_COLOUR);
  /** The new value's name was filled from the picked colour (so picking another colour renames it). */
  const [named, setNamed] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const name = option.name.trim() || 'الخيار';
  const problemOf = (id: string) => problems.find((p) => p.id === id)?.message;
  const nameId = optionNameId(option);
  const valuesId = optionValuesId(option);
  const newValueId = `option-${option.id}-new`;
  const refusalId = `${newValueId}-refusal`;

  const add = () => {
    // A colour picked and not named is named by its Arabic name.
    const text = value.trim() || (option.colour ? colourValueName(hex) : '');
    if (!text) return setRefusal('اكتب القيمة اولا');
    if (option.values.some((v) => v.value.trim() === text)) return setRefusal(`القيمة ${text} موجودة بالفعل`);
    if (option.values.length >= VARIANT_LIMITS.values)
      return setRefusal(`لا يمكن ان يزيد عدد القيم عن ${VARIANT_LIMITS.values}`);
    onChange({
      ...option,
      values: [...option.values, { id: draftId('v'), value: text, ...(option.colour ? { hex } : {}) }],
    });
    setValue('');
    setNamed(false);
    setRefusal(null);
  };

  const pickColour = (picked: string) => {
    setHex(picked);
    if (named || value.trim() === '') {
      setValue(colourValueName(picked));
      setNamed(true);
    }
  };

  const move = (index: number, by: -1 | 1) => {
    const values = [...option.values];
    [values[index], values[index + by]] = [values[index + by], values[index]];
    onChange({ ...option, values });
  };

  return (
    <fieldset className="border rounded p-2 p-md-3">
      <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-0">{option.name.trim() || 'خيار جديد'}</legend>
      <div className="row g-2 align-items-end">
        <Form.Group controlId={nameId} className="col-12 col-md-6">
          <Form.Label className="small mb-1">اسم الخيار</Form.Label>
          <Form.Control
            value={option.name}
            maxLength={VARIANT_LIMITS.nameMax}
            placeholder="مثلا: المقاس"
            isInvalid={!!problemOf(nameId)}
            aria-describedby={problemOf(nameId) ? fieldErrorId(nameId) : undefined}
            onChange={(e) => {
              const name = e.target.value;
              // A new option named "اللون" is a colour option until the owner says otherwise.
              const colour = option.values.length === 0 && !option.colour ? looksLikeColour(name) : option.colour;
              onChange({ ...option, name, colour });
            }}
          />
          <FieldError id={nameId} message={problemOf(nameId)} />
        </Form.Group>
        <div className="col-12 col-md-6 d-flex flex-wrap gap-2 align-items-center">
          <Form.Check
            id={`option-${option.id}-colour`}
            type="switch"
            label="القيم الوان (تظهر كدوائر ملونة)"
            checked={option.colour}
            onChange={(e) => onChange({ ...option, colour: e.target.checked })}
          />
          <Button variant="outline-danger" size="sm" className="ms-auto" onClick={onRemove}>
            حذف الخيار {option.name.trim()}
          </Button>
        </div>
      </div>

      <div id={valuesId} className="mt-2">
        <p className="small mb-1">القيم بالترتيب الذي يراه العميل</p>
        {option.values.length === 0 ? (
          <p className="small text-muted mb-1">لا توجد قيم بعد</p>
        ) : (
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-1">
            {option.values.map((v, i) => (
              <li key={v.id} className="d-flex align-items-center gap-1 border rounded-pill ps-2 pe-1 py-1 bg-light">
                {option.colour && v.hex && (
                  <span
                    className="d-inline-block rounded-circle border"
                    style={{ width: 18, height: 18, backgroundColor: v.hex }}
                    aria-hidden="true"
                  />
                )}
                <span>{v.value}</span>
                <Button
                  variant="link"
                  size="sm"
                  className="p-0 px-1 text-decoration-none tap-target"
                  disabled={i === 0}
                  aria-label={`تقديم ${v.value}`}
                  title="تقديم"
                  onClick={() => move(i, -1)}
                >
                  <span aria-hidden="true">→</span>
                </Button>
                <Button
                  variant="link"
                  size="sm"
                  className="p-0 px-1 text-decoration-none tap-target"
                  disabled={i === option.values.length - 1}
                  aria-label={`تأخير ${v.value}`}
                  title="تأخير"
                  onClick={() => move(i, 1)}
                >
                  <span aria-hidden="true">←</span>
                </Button>
                <Button
                  variant="link"
                  size="sm"
                  className="p-0 px-1 text-danger text-decoration-none tap-target"
                  aria-label={`حذف ${v.value} من ${name}`}
                  title="حذف"
                  onClick={() => {
                    onChange({ ...option, values: option.values.filter((x) => x.id !== v.id) });
                    // The removed value's button is gone: the keyboard goes on from the new value's field.
                    document.getElementById(newValueId)?.focus();
                  }}
                >
                  <span aria-hidden="true">×</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
        <FieldError id={valuesId} message={problemOf(valuesId)} />
      </div>

      <div className="d-flex flex-wrap align-items-end gap-2">
        {option.colour && (
          <Form.Group controlId={`${newValueId}-hex`}>
            <Form.Label className="small mb-1">اللون</Form.Label>
            <Form.Control
              type="color"
              className="form-control-color"
              value={hex}
              onChange={(e) => pickColour(e.target.value)}
            />
          </Form.Group>
        )}
        <Form.Group controlId={newValueId} className="flex-grow-1" style={{ maxWidth: '16rem' }}>
          <Form.Label className="small mb-1">قيمة جديدة لـ {name}</Form.Label>
          <Form.Control
            value={value}
            maxLength={VARIANT_LIMITS.nameMax}
            placeholder={option.colour ? 'مثلا: أسود' : 'مثلا: XL'}
            isInvalid={refusal !== null}
            aria-describedby={refusal ? refusalId : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              setNamed(false);
              setRefusal(null);
            }}
            onKeyDown={onEnter(add)}
          />
        </Form.Group>
        <Button variant="outline-dark" size="sm" onClick={add} aria-label={`اضافة القيمة الى ${name}`}>
          اضافة القيمة
        </Button>
      </div>
      {refusal && (
        <div id={refusalId} className="invalid-feedback d-block" role="alert">
          {refusal}
        </div>
      )}
    </fieldset>
  );
}

/**
 * The product's options (up to three, such as المقاس, اللون, السعة), each with its ordered values; a colour option's
 * values carry the colour picked for them and its Arabic name.
 */
export default function OptionsEditor({ draft, onChange, problems }: OptionsEditorProps) {
  const setOption = (index: number, option: OptionDraft) => onChange(withOption(draft, index, option));
  /** Moves the focus to a control once the change that adds it has rendered. */
  const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());
  const addOption = () => {
    const option: OptionDraft = { id: draftId('o'), name: '', colour: false, values: [] };
    onChange({ ...draft, options: [...draft.options, option] });
    focusSoon(optionNameId(option));
  };
  const removeOption = (index: number) => {
    onChange({ ...draft, options: draft.options.filter((_, i) => i !== index) });
    focusSoon(ADD_OPTION_ID);
  };

  return (
    <fieldset id="product-options" className="d-grid gap-2">
      <legend className="fs-6 fw-semibold mb-0">خيارات المنتج (المقاس، اللون، السعة...)</legend>
      <p className="small text-muted mb-0">
        {draft.options.length === 0
          ? 'للمنتج الذي يباع بمقاسات او الوان لكل منها مخزونه وسعره. بدون خيارات يبقى للمنتج مخزون واحد.'
          : `حتى ${VARIANT_LIMITS.options} خيارات، ولكل تركيبة من قيمها مخزونها وسعرها.`}
      </p>
      {draft.options.map((option, i) => (
        <OptionEditor
          key={option.id}
          option={option}
          problems={problems}
          onChange={(next) => setOption(i, next)}
          onRemove={() => removeOption(i)}
        />
      ))}
      {draft.options.length < VARIANT_LIMITS.options && (
        <div>
          <Button id={ADD_OPTION_ID} variant="outline-dark" size="sm" onClick={addOption}>
            اضافة خيار
          </Button>
        </div>
      )}
    </fieldset>
  );
}
