// The statistical intent classifier: TF-IDF features into a one-hidden-layer perceptron (or, for comparison, a linear softmax).
import { DEFAULT_FEATURES, FeatureSpace, type FeatureOptions } from './features.js';
import { DEFAULT_MLP, trainMlp, type MlpModel, type MlpOptions } from './mlp.js';
import { DEFAULT_SOFTMAX, softmaxInPlace, trainSoftmax, type SoftmaxModel, type SoftmaxOptions } from './softmax.js';

export interface ClassifierOptions {
  /** `mlp` is the default, chosen by measurement (docs/nlu.md); `linear` is multinomial logistic regression. */
  model: 'mlp' | 'linear';
  features: Partial<FeatureOptions>;
  mlp: Partial<MlpOptions>;
  linear: Partial<SoftmaxOptions>;
  /** Loss weight of the out-of-scope class relative to an intent. */
  outOfScopeWeight: number;
  /** A small definition is trained for more epochs, so that it still sees this many SGD steps. */
  minUpdates: number;
  /**
   * Models trained with different seeds whose probabilities are averaged. Two measured about half a
   * point of in-scope accuracy above one on CLINC150 (a single model's accuracy varies that much with its
   * seed); four about 0.4 points above two on CLINC150 and 0.3 on BANKING77, averaged over two seeds (docs/nlu.md).
   */
  ensemble: number;
  seed: number;
}

export const DEFAULT_CLASSIFIER: ClassifierOptions = {
  model: 'mlp',
  features: {},
  mlp: {},
  linear: {},
  outOfScopeWeight: 0.5,
  minUpdates: 20_000,
  ensemble: 4,
  seed: 7,
};

// Below this many training texts, a feature seen once is kept: a small bot's one mention of "pizza" matters.
const MIN_DF_TWO_FROM = 2_000;
const MAX_EPOCHS = 200;

export interface Classification {
  /** Class probabilities, in a buffer reused by the next call. */
  probabilities: Float32Array;
  /** Share of the message's features known from training (0–1). */
  coverage: number;
}

export class IntentClassifier {
  private readonly buffer: Float32Array;
  private readonly member: Float32Array;

  private constructor(
    private readonly space: FeatureSpace,
    private readonly models: readonly (MlpModel | SoftmaxModel)[],
    readonly classes: number,
  ) {
    this.buffer = new Float32Array(classes);
    this.member = new Float32Array(classes);
  }

  /** Trains on tokenized texts labelled 0..classes-1; `outOfScope` is the label of the out-of-scope class. */
  static train(texts: readonly (readonly string[])[], labels: Int32Array, classes: number, outOfScope: number, options: Partial<ClassifierOptions> = {}): IntentClassifier {
    const opts = { ...DEFAULT_CLASSIFIER, ...options };
    const features: FeatureOptions = { ...DEFAULT_FEATURES, minDf: texts.length >= MIN_DF_TWO_FROM ? 2 : 1, ...opts.features };
    const space = FeatureSpace.fit(texts, features);
    const xs = texts.map((t) => space.vectorize(t));
    const classWeights = new Float32Array(classes).fill(1);
    if (outOfScope >= 0 && outOfScope < classes) classWeights[outOfScope] = opts.outOfScopeWeight;
    const epochsFor = (base: number) => Math.min(MAX_EPOCHS, Math.max(base, Math.ceil(opts.minUpdates / Math.max(1, xs.length))));
    const models: (MlpModel | SoftmaxModel)[] = [];
    for (let m = 0; m < Math.max(1, opts.ensemble); m++) {
      const seed = opts.seed + 1000 * m;
      if (opts.model === 'linear') {
        const linear = { ...DEFAULT_SOFTMAX, ...opts.linear, seed, classWeights };
        models.push(trainSoftmax(xs, labels, space.size, classes, { ...linear, epochs: epochsFor(linear.epochs) }));
      } else {
        const mlp = { ...DEFAULT_MLP, ...opts.mlp, seed, classWeights };
        models.push(trainMlp(xs, labels, space.size, classes, { ...mlp, epochs: epochsFor(mlp.epochs) }));
      }
    }
    return new IntentClassifier(space, models, classes);
  }

  /** A classifier from already trained parts (see serialize.ts). */
  static fromParts(space: FeatureSpace, models: readonly (MlpModel | SoftmaxModel)[], classes: number): IntentClassifier {
    return new IntentClassifier(space, models, classes);
  }

  /** The feature space and the ensemble's models, for serialization. */
  get parts(): { space: FeatureSpace; models: readonly (MlpModel | SoftmaxModel)[] } {
    return { space: this.space, models: this.models };
  }

  classify(tokens: readonly string[]): Classification {
    const x = this.space.vectorize(tokens);
    const sum = this.buffer.fill(0);
    for (const model of this.models) {
      const p = 'probabilities' in model ? model.probabilities(x, this.member) : softmaxInPlace(model.scores(x, this.member));
      for (let c = 0; c < sum.length; c++) sum[c] = sum[c]! + p[c]! / this.models.length;
    }
    return { probabilities: sum, coverage: x.coverage };
  }
}
